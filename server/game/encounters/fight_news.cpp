#include "server/game/encounters/fight_news.hpp"

#include <boost/json.hpp>

#include "content/fight_judgement.hpp"
#include "server/game/output/style.hpp"

namespace dw::game {
namespace json = boost::json;
namespace {

std::string capitalised(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') {
    s[0] = static_cast<char>(s[0] - 'a' + 'A');
  }
  return s;
}

/// Words for one side of a sentence: the viewer's own fighter is "you", others go by name.
struct person {
  bool self = false;
  std::string name;
  std::string subject() const { return self ? "You" : styled(style::player, name); }
  std::string object() const { return self ? "you" : styled(style::player, name); }
  std::string possessive() const { return self ? "Your" : styled(style::player, name) + "'s"; }
  /// "hit" for you, "hits" for Ann.
  std::string verb(std::string_view plain, std::string_view third) const { return std::string(self ? plain : third); }
};

std::string combat(std::string_view text) { return styled(style::combat, text); }

/// What the monsters' blow did to `p`.
std::string blow_sentence(const content::fighter_outcome& o, const person& p, const round_fighter& f,
                          const std::string& striker, bool many) {
  const std::string who = styled(style::monster, striker);
  if (o.blow == 0) {
    return who + combat(many ? " miss " : " misses ") + p.object() + combat(".");
  }
  if (o.damage_taken == 0) {
    const std::string what = o.armoured > 0 && !f.armour.empty() ? f.armour : "ward";
    return p.possessive() + combat(" " + what + " turns the blow.");
  }
  std::string s =
      who + combat(many ? " hit " : " hits ") + p.object() + combat(" for " + std::to_string(o.damage_taken) + ".");
  if (o.warded > 0) {
    s += ' ';
    s += p.possessive();
    s += combat(std::string(" ward takes ").append(std::to_string(o.warded)) + " of it.");
  }
  return s;
}

void fighter_sentences(const round_story& story, std::size_t i, std::int64_t viewer, std::vector<std::string>& out) {
  const content::fighter_outcome& o = story.result->fighters[i];
  const round_fighter& f = story.fighters[i];
  const person p{f.account == viewer, f.name};
  const bool many = story.alive_before > 1;
  const std::string striker = capitalised("the " + (many ? story.monsters : story.monster));
  if (o.fled) {
    out.push_back(p.subject() + combat(p.verb(" break away and flee!", " breaks away and flees!")));
    return;
  }
  if (o.flee_failed) {
    out.push_back(p.subject() + combat(p.verb(" try", " tries") + " to flee but ") +
                  styled(style::monster, "the " + (many ? story.monsters : story.monster)) +
                  combat((many ? " cut " : " cuts ") + std::string(p.self ? "you" : "them") + " off!"));
  }
  if (!(o.out && o.blow == 0 && o.behaviour_taken > 0)) {  // (felled by venom or ambush before the blow)
    out.push_back(blow_sentence(o, p, f, striker, many));
  }
  if (o.out) {
    out.push_back(p.subject() + combat(p.verb(" fall.", " falls.")));
    return;
  }
  if (!o.struck) {
    return;  // busy (a potion, a scroll) or a failed flee: no blow of its own
  }
  const std::string target = styled(style::monster, "the " + story.monster);
  if (o.damage_dealt == 0 && o.turned > 0) {
    return;  // the shell or the ward took it all: the behaviour's words say so
  }
  if (o.damage_dealt == 0) {
    out.push_back(p.subject() + combat(p.verb(" miss ", " misses ")) + target + combat("."));
  } else {
    out.push_back(p.subject() + combat(p.verb(" hit ", " hits ")) + target +
                  combat(" for " + std::to_string(o.damage_dealt) + "."));
  }
}

/// A behaviour's sentence with its placeholders filled, each piece styled.
std::string behaviour_sentence(std::string_view words, const std::string& monster, const std::string& fighter,
                               int amount) {
  std::string out;
  std::string plain;
  const auto flush = [&] {
    if (!plain.empty()) {
      append_styled(out, style::combat, plain);
      plain.clear();
    }
  };
  for (std::size_t i = 0; i < words.size();) {
    if (words.compare(i, 9, "{monster}") == 0) {
      flush();
      append_styled(out, style::monster, monster);
      i += 9;
    } else if (words.compare(i, 9, "{fighter}") == 0) {
      flush();
      append_styled(out, style::player, fighter);
      i += 9;
    } else if (words.compare(i, 8, "{amount}") == 0) {
      plain += std::to_string(amount);
      i += 8;
    } else {
      plain += words[i];
      ++i;
    }
  }
  flush();
  return out;
}

/// The words of one behaviour event as `viewer` reads them.
std::string event_sentence(const round_story& story, const content::behaviour_event& e, std::int64_t viewer) {
  const content::behaviour_rule& rule = story.tables->combat.behaviours[static_cast<std::size_t>(e.which)];
  if (!e.fighter || *e.fighter >= story.fighters.size()) {
    return behaviour_sentence(rule.words, story.monster, "", e.amount);
  }
  const round_fighter& f = story.fighters[*e.fighter];
  const bool self = f.account == viewer;
  const bool again = e.what == content::behaviour_event::kind::again;
  const std::string& words = again ? (self ? rule.again_you : rule.again_others) : (self ? rule.you : rule.others);
  return behaviour_sentence(words, story.monster, f.name, e.amount);
}

void event_sentences(const round_story& story, std::optional<std::size_t> fighter, bool early, std::int64_t viewer,
                     std::vector<std::string>& out) {
  for (const content::behaviour_event& e : story.result->events) {
    if (e.fighter == fighter && (!fighter || e.early == early)) {
      out.push_back(event_sentence(story, e, viewer));
    }
  }
}

}  // namespace

std::string without_article(const std::string& name) {
  for (std::string_view article : {"a ", "an ", "the "}) {
    if (name.starts_with(article)) {
      return name.substr(article.size());
    }
  }
  return name;
}

std::vector<std::string> round_sentences(const round_story& story, std::int64_t viewer) {
  std::vector<std::string> out;
  event_sentences(story, std::nullopt, false, viewer, out);  // the monsters' own: kin, healing, a ward...
  for (std::size_t i = 0; i < story.result->fighters.size() && i < story.fighters.size(); ++i) {
    if (story.result->fighters[i].acted) {
      event_sentences(story, i, true, viewer, out);
      fighter_sentences(story, i, viewer, out);
      event_sentences(story, i, false, viewer, out);
    }
  }
  for (std::size_t k = 0; k < story.result->monsters_killed.size(); ++k) {
    out.push_back(styled(style::monster, capitalised("the " + story.monster)) + combat(" dies."));
  }
  if (story.after != nullptr && !story.after->won()) {
    std::string health = health_sentence(*story.tables, *story.after, story.monster, story.monsters);
    if (!health.empty()) {
      out.push_back(std::move(health));
    }
  }
  return out;
}

std::string health_sentence(const content::content_tables& tables, const content::fight_state& fight,
                            const std::string& monster, const std::string& monsters) {
  std::string words;
  for (int hp : fight.monster_hp) {
    if (hp > 0) {
      words += words.empty() ? "" : ", ";
      words += content::health_word(tables, hp, fight.hp_each);
    }
  }
  if (words.empty()) {
    return "";
  }
  if (fight.alive() == 1) {
    return styled(style::monster, capitalised("the " + monster)) + combat(" is " + words + ".");
  }
  return styled(style::monster, capitalised("the " + monsters)) + combat(": " + words + ".");
}

std::string combat_json(const content::content_tables& tables, const content::fight_state* fight, bool fighting,
                        const std::string& monster) {
  json::object o;
  o["fighting"] = fighting;
  json::array list;
  if (fight != nullptr) {
    for (int hp : fight->monster_hp) {
      if (hp <= 0) {
        continue;
      }
      json::object m;
      m["name"] = monster;
      m["hp"] = fight->hp_each > 0 ? (100 * hp) / fight->hp_each : 100;
      m["health"] = std::string(content::health_word(tables, hp, fight->hp_each));
      list.push_back(std::move(m));
    }
  }
  o["monsters"] = std::move(list);
  return json::serialize(o);
}

}  // namespace dw::game
