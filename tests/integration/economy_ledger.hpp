#pragma once

// The economy invariant test's books: where every coin and every item is by what the players were
// told, kept from told_state's trades in the order each player was told them. A sentence that
// contradicts the books is recorded at once; commands whose answers never arrived, and fights nobody
// was told the end of before a kill -9, are settled against the database: each either happened, with
// its exact effect, or did not happen at all.
#include <algorithm>
#include <cstdint>
#include <deque>
#include <functional>
#include <iterator>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "tests/integration/economy_state.hpp"
#include "tests/integration/told_state.hpp"

namespace dw::testing {

// ---------------------------------------------------------------- commands whose effect is exact

/// A command sent without waiting for its answer (at a kill -9, or on a connection being taken over),
/// chosen because what it does is exactly known from the state it runs in.
struct exact_command {
  enum class kind { buy, give_silver, give_item };
  kind what = kind::buy;
  std::string line;         ///< as typed
  std::string item;         ///< the supply bought or the item given
  std::int64_t amount = 0;  ///< the price, or the silver given
  std::string to;           ///< who is given to
};

/// Silver earned and spent, and how often each thing happened, as the players were told.
struct economy_totals {
  std::int64_t earned = 0;  ///< sales and fight pay
  std::int64_t spent = 0;   ///< buys and identify fees
  int sales = 0;
  int buys = 0;
  int gives = 0;
  int identified = 0;
  int used_up = 0;  ///< draughts drunk and bandages applied
  int shares = 0;   ///< fight pay, one a fighter standing at the win
  int knock_outs = 0;
  int packs_left = 0;
  int packs_taken = 0;
  int unanswered = 0;      ///< commands whose answers never arrived, settled against the database
  int unanswered_ran = 0;  ///< of which the database showed these had run
  int untold_fights = 0;   ///< knock-outs and wins nobody was told of before a kill -9
  std::int64_t lost = 0;   ///< silver in fallen packs that went with a collapsed branch
  int collapses = 0;
};

// ---------------------------------------------------------------- the books

class economy_ledger {
 public:
  economy now;
  economy_totals totals;
  std::vector<std::string> contradictions;

  void add_character(const std::string& name) {
    now.silver[name];
    now.items[name];
  }

  /// `player` sent `c` without waiting: until an answer arrives it may or may not have happened.
  void sent(const std::string& player, exact_command c) { pending_[player].push_back(std::move(c)); }
  bool has_pending(const std::string& player) const {
    auto it = pending_.find(player);
    return it != pending_.end() && !it->second.empty();
  }
  /// Who `player`'s unanswered commands give to.
  std::set<std::string> pending_recipients(const std::string& player) const {
    std::set<std::string> out;
    if (auto found = pending_.find(player); found != pending_.end()) {
      for (const exact_command& c : found->second) {
        if (!c.to.empty()) {
          out.insert(c.to);
        }
      }
    }
    return out;
  }
  std::vector<std::string> pending_players() const {
    std::vector<std::string> out;
    for (const auto& [name, list] : pending_) {
      if (!list.empty()) {
        out.push_back(name);
      }
    }
    return out;
  }

  /// One sentence told to `player`, in the order told to them, while they stood in room `room` (as far
  /// as the test knows: the last room shown before the sentence's text was read).
  void apply(const std::string& player, const told_trade& t, long long room) {
    using k = told_trade::kind;
    answered(player, t);
    std::int64_t& silver = now.silver[player];
    std::multiset<std::string>& items = now.items[player];
    switch (t.what) {
      case k::bought:
        silver -= t.amount;
        items.insert(t.item);
        totals.spent += t.amount;
        ++totals.buys;
        check_total(player, t);
        break;
      case k::cannot_afford:
        check_total(player, t);
        if (t.amount <= silver) {
          contradict(player, t, "refused although the books say they have " + std::to_string(silver));
        }
        break;
      case k::sold:
        take(player, items, t.item, t);
        silver += t.amount;
        totals.earned += t.amount;
        ++totals.sales;
        break;
      case k::silver_is:
      case k::too_poor:
        check_total(player, t);
        break;
      case k::identify_paid:
        silver -= t.amount;
        totals.spent += t.amount;
        ++totals.identified;
        break;
      case k::gave_silver:
      case k::gave_item:
        give(player, t.other, t, true);
        break;
      case k::got_silver:
      case k::got_item:
        give(t.other, player, t, false);
        break;
      case k::not_carried:
        break;
      case k::used_up:
        take(player, items, t.item, t);
        ++totals.used_up;
        break;
      case k::picked_up:
        if (room == 1) {  // the village square
          take(player, now.square_floor, t.item, t);
        }
        items.insert(t.item);
        break;
      case k::took_pack:
        takes_.push_back({player, room, t});
        match_takes();
        break;
      case k::left_pack: {
        fallen_pack p{player, room, silver / 2, {}};
        for (auto it = items.begin(); it != items.end();) {
          if (is_scroll_name(*it)) {
            p.scrolls.insert(*it);
            it = items.erase(it);
          } else {
            ++it;
          }
        }
        silver -= p.silver;
        now.packs.insert(std::move(p));
        pack_told_.insert(player);
        ++totals.packs_left;
        match_takes();
        break;
      }
      case k::knocked_out:
        if (!pack_told_.erase(player) && (silver / 2 > 0 || std::any_of(items.begin(), items.end(), is_scroll_name))) {
          contradict(
              player, t,
              "no fallen pack was told, but they had " + std::to_string(silver) + " silver and " + describe(items));
        }
        ++totals.knock_outs;
        break;
      case k::found_silver:
        silver += t.amount;
        totals.earned += t.amount;
        ++totals.shares;
        break;
      case k::conjured:
        now.square_floor.insert(t.item);
        break;
      case k::fight_joined:
      case k::fight_won:
        break;
    }
  }

  /// The administrator collapsed the dungeon's only branch: every fallen pack went with it, and the
  /// silver in them is lost (counted, so that earned - spent = held + lost).
  void collapsed() {
    for (const fallen_pack& p : now.packs) {
      totals.lost += p.silver;
    }
    now.packs.clear();
    ++totals.collapses;
  }

  /// At a quiet moment: gives told to one side only stand as told (the other side's sentence was lost
  /// with its connection), and a pack taken must be one that was left.
  void settle() {
    gives_.clear();
    for (const auto& [player, room, t] : takes_) {
      std::string left;
      for (const fallen_pack& p : now.packs) {
        left += "; " + describe(p);
      }
      contradictions.push_back(player + " was told '" + t.said + "' in room " + std::to_string(room) +
                               ", but no such pack was left (the books have" + (left.empty() ? " none" : left) + ")");
    }
    takes_.clear();
    pack_told_.clear();  // (a pack told just before a kill -9 whose knock-out was not)
  }

  /// One way the untold part may have gone, for one player: what it is called and what it changes.
  struct outcome {
    std::string label;
    std::function<void(economy&, economy_totals&)> change;
  };

  /// The ways `player`'s unanswered commands may have gone: none of them ran, the first, the first two...
  std::vector<outcome> command_outcomes(const std::string& player) const {
    std::vector<outcome> out;
    const auto found = pending_.find(player);
    const std::deque<exact_command> list = found == pending_.end() ? std::deque<exact_command>{} : found->second;
    for (std::size_t ran = 0; ran <= list.size(); ++ran) {
      std::string label = ran == 0 ? "none of" : "the first " + std::to_string(ran) + " of";
      for (const exact_command& c : list) {
        label += " '" + c.line + "'";
      }
      out.push_back({label + " ran", [player, list, ran](economy& e, economy_totals& tot) {
                       for (std::size_t i = 0; i < ran; ++i) {
                         happen(player, list[i], e, tot);
                       }
                       tot.unanswered += static_cast<int>(list.size());
                       tot.unanswered_ran += static_cast<int>(ran);
                     }});
    }
    return out;
  }

  /// The ways a fight that `player` may have been in when nobody was told may have gone: nothing told
  /// happened, they were knocked out, or the fight was won and they were paid one of `shares`.
  static std::vector<outcome> fight_outcomes(const std::string& player, long long room,
                                             const std::vector<std::int64_t>& shares) {
    std::vector<outcome> out;
    out.push_back({"no fight news", [](economy&, economy_totals&) {}});
    out.push_back({"knocked out", [player, room](economy& e, economy_totals& tot) {
                     std::int64_t& silver = e.silver[player];
                     fallen_pack p{player, room, silver / 2, {}};
                     std::multiset<std::string>& items = e.items[player];
                     for (auto it = items.begin(); it != items.end();) {
                       it = is_scroll_name(*it) ? (p.scrolls.insert(*it), items.erase(it)) : std::next(it);
                     }
                     silver -= p.silver;
                     ++tot.knock_outs;
                     ++tot.untold_fights;
                     if (p.silver > 0 || !p.scrolls.empty()) {
                       e.packs.insert(std::move(p));
                       ++tot.packs_left;
                     }
                   }});
    for (std::int64_t s : shares) {
      out.push_back({"won and paid " + std::to_string(s), [player, s](economy& e, economy_totals& tot) {
                       e.silver[player] += s;
                       tot.earned += s;
                       ++tot.shares;
                       ++tot.untold_fights;
                     }});
    }
    return out;
  }

  /// Chooses the one of `ways` (for `player`, touching `others` too) that makes the books agree with
  /// `stored` on those characters and on `player`'s packs, and adopts it. Returns its label, or nullopt
  /// after recording a contradiction that lists every way and what the database holds.
  std::optional<std::string> settle_with(const std::string& player, const std::vector<outcome>& ways,
                                         const std::set<std::string>& others, const economy& stored) {
    std::set<std::string> names = others;
    names.insert(player);
    const auto part = [&](const economy& e) {
      economy p;
      for (const std::string& n : names) {
        p.silver[n] = e.silver.contains(n) ? e.silver.at(n) : 0;
        p.items[n] = e.items.contains(n) ? e.items.at(n) : std::multiset<std::string>{};
      }
      for (const fallen_pack& pack : e.packs) {
        if (pack.owner == player) {
          p.packs.insert(pack);
        }
      }
      return p;
    };
    const economy want = part(stored);
    for (const outcome& way : ways) {
      economy e = now;
      economy_totals tot = totals;
      way.change(e, tot);
      if (part(e) == want) {
        now = std::move(e);
        totals = tot;
        pending_.erase(player);
        return way.label;
      }
    }
    std::string tried;
    for (const outcome& way : ways) {
      economy e = now;
      economy_totals tot = totals;
      way.change(e, tot);
      tried += "\n  if " + way.label + ":\n" + difference(part(e), want);
    }
    contradictions.push_back("what " + player + " was not told fits none of the ways it could have gone;" + tried);
    pending_.erase(player);
    return std::nullopt;
  }

  /// What `c`, sent by `player`, does when it runs in state `e`.
  static void happen(const std::string& player, const exact_command& c, economy& e, economy_totals& tot) {
    std::int64_t& silver = e.silver[player];
    std::multiset<std::string>& items = e.items[player];
    switch (c.what) {
      case exact_command::kind::buy:
        if (silver >= c.amount) {
          silver -= c.amount;
          items.insert(c.item);
          tot.spent += c.amount;
          ++tot.buys;
        }
        break;
      case exact_command::kind::give_silver:
        if (c.amount > 0 && c.amount <= silver) {
          silver -= c.amount;
          e.silver[c.to] += c.amount;
          ++tot.gives;
        }
        break;
      case exact_command::kind::give_item:
        if (auto it = items.find(c.item); it != items.end()) {
          items.erase(it);
          e.items[c.to].insert(c.item);
          ++tot.gives;
        }
        break;
    }
  }

 private:
  struct open_give {
    std::string from;
    std::string to;
    std::string item;  ///< empty for silver
    std::int64_t silver = 0;
    bool giver_told = false;
    bool taker_told = false;
  };

  void contradict(const std::string& player, const told_trade& t, const std::string& why) {
    contradictions.push_back(player + " was told '" + t.said + "': " + why);
  }

  /// The total `t` tells must be what the books say, less `later` silver the books hold already but
  /// that reached the player after the sentence.
  void check_total(const std::string& player, const told_trade& t, std::int64_t later = 0) {
    if (t.total >= 0 && t.total != now.silver[player] - later) {
      contradict(player, t, "the books say " + std::to_string(now.silver[player] - later) + " silver");
    }
  }

  void take(const std::string& player, std::multiset<std::string>& from, const std::string& item, const told_trade& t) {
    if (auto it = from.find(item); it != from.end()) {
      from.erase(it);
    } else {
      contradict(player, t, "the books do not have " + item + " there (" + describe(from) + ")");
    }
  }

  /// A reply to the oldest of `player`'s unanswered commands: that one has happened as told.
  void answered(const std::string& player, const told_trade& t) {
    using k = told_trade::kind;
    const bool reply = t.what == k::bought || t.what == k::cannot_afford || t.what == k::gave_silver ||
                       t.what == k::too_poor || t.what == k::gave_item || t.what == k::not_carried;
    auto found = pending_.find(player);
    if (!reply || found == pending_.end() || found->second.empty()) {
      return;
    }
    const exact_command c = found->second.front();
    found->second.pop_front();
    const bool fits = c.what == exact_command::kind::buy ? t.what == k::bought || t.what == k::cannot_afford
                                                         : (c.what == exact_command::kind::give_silver
                                                                ? t.what == k::gave_silver || t.what == k::too_poor
                                                                : t.what == k::gave_item || t.what == k::not_carried);
    if (!fits) {
      contradict(player, t, "it does not answer '" + c.line + "', the oldest command still unanswered");
    }
  }

  /// A give, told to the giver (`by_giver`) or to the one given to. The first side told moves the
  /// silver or item; the other side's sentence only checks its numbers.
  void give(const std::string& from, const std::string& to, const told_trade& t, bool by_giver) {
    using k = told_trade::kind;
    const bool coins = t.what == k::gave_silver || t.what == k::got_silver;
    const std::string item = coins ? std::string() : t.item;
    for (auto g = gives_.begin(); g != gives_.end(); ++g) {
      if (g->from == from && g->to == to && g->item == item && g->silver == (coins ? t.amount : 0) &&
          (by_giver ? !g->giver_told && g->taker_told : g->giver_told && !g->taker_told)) {
        (by_giver ? g->giver_told : g->taker_told) = true;
        // The giver's sentences were read first: gives they made after this one are in the books
        // already, but came after the total this sentence tells.
        std::int64_t later = 0;
        for (auto after = std::next(g); after != gives_.end() && !by_giver; ++after) {
          later += after->to == to && after->giver_told && !after->taker_told ? after->silver : 0;
        }
        check_total(by_giver ? from : to, t, later);
        return;
      }
    }
    if (!by_giver) {
      // The giver's answer never arrived (its connection was taken over or the server killed): the
      // give happened, and so did every command the giver typed before it.
      confirm_by_recipient(from, to, item, coins ? t.amount : 0);
    }
    if (coins) {
      now.silver[from] -= t.amount;
      now.silver[to] += t.amount;
    } else {
      take(from, now.items[from], item, t);
      now.items[to].insert(item);
    }
    ++totals.gives;
    gives_.push_back({from, to, item, coins ? t.amount : 0, by_giver, !by_giver});
    check_total(by_giver ? from : to, t);
  }

  void confirm_by_recipient(const std::string& from, const std::string& to, const std::string& item,
                            std::int64_t silver) {
    auto found = pending_.find(from);
    if (found == pending_.end()) {
      return;
    }
    std::deque<exact_command>& list = found->second;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const exact_command& c = list[i];
      const bool same = c.to == to && (item.empty() ? c.what == exact_command::kind::give_silver && c.amount == silver
                                                    : c.what == exact_command::kind::give_item && c.item == item);
      if (same) {
        for (std::size_t before = 0; before < i; ++before) {
          happen(from, list[before], now, totals);
        }
        list.erase(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(i) + 1);
        return;
      }
    }
  }

  /// Takes of packs whose leaving has been told by now.
  void match_takes() {
    for (auto t = takes_.begin(); t != takes_.end();) {
      const auto& [player, room, told] = *t;
      auto pack = std::find_if(now.packs.begin(), now.packs.end(), [&](const fallen_pack& p) {
        return p.owner == told.other && p.room == room && p.silver == told.amount &&
               static_cast<std::int64_t>(p.scrolls.size()) == told.count;
      });
      if (pack == now.packs.end()) {
        ++t;
        continue;
      }
      now.silver[player] += pack->silver;
      now.items[player].insert(pack->scrolls.begin(), pack->scrolls.end());
      now.packs.erase(pack);
      ++totals.packs_taken;
      t = takes_.erase(t);
    }
  }

  std::map<std::string, std::deque<exact_command>> pending_;
  std::vector<open_give> gives_;
  struct pack_taken {
    std::string player;
    long long room;
    told_trade told;
  };
  std::vector<pack_taken> takes_;    ///< packs taken whose leaving has not been read yet
  std::set<std::string> pack_told_;  ///< told their pack stays behind, not yet knocked out
};

}  // namespace dw::testing
