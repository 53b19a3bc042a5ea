// The fallen pack a knocked-out character leaves where it fell.
#include "server/game/encounters/fallen_pack.hpp"

#include <string>
#include <vector>

#include "content/scroll.hpp"
#include "server/game/events/undoable.hpp"
#include "server/game/output/style.hpp"

namespace dw::game {

void fallen_pack::drop(character& ch) {
  const std::int64_t room_id = ch.where.room_id;
  if (ch.where.branch_id == 0 || contents_.find_state(room_id) == nullptr) {
    return;  // only the dungeon keeps what the fallen drop
  }
  std::vector<item> scrolls;
  std::erase_if(ch.inventory, [&scrolls](const item& it) {
    const bool scroll = it.kind == content::scroll_type && !it.equipped;
    if (scroll) {
      scrolls.push_back(it);
    }
    return scroll;
  });
  // The fallen keep half their silver, rounded up; the rest is in the pack.
  const std::int64_t lost = ch.silver / 2;
  if (scrolls.empty() && lost == 0) {
    return;
  }
  keep_lost_items(changes_, people_, ch, scrolls);
  keep_gain(changes_, people_, ch, &character::silver, -lost);
  ch.silver -= lost;
  item pack;
  pack.id = contents_.new_item_id();
  pack.kind = std::string(pack_kind);
  pack.key = ch.name;
  pack.amount = lost;
  contents_.drop_new(pack, room_id);  // saved first: what it holds refers to it
  undo_with<&room_stock::forget_contents>(changes_, &contents_, pack.id);
  for (item& scroll : scrolls) {
    news_.inv_removed(ch, scroll);
    scroll.container_id = pack.id;
    contents_.persist_item(scroll, 0, room_id);
    contents_.inside(pack.id).push_back(scroll);
  }
  ground_.save_character(ch);
  news_.room_added(room_id, pack);
  out_.send(ch.connection, "Your unsold scrolls and half your silver stay behind in your fallen pack.\n");
  out_.send_room(room_id, styled(style::item, contents_.item_name(pack)) + " lies where " + ch.name + " fell.\n",
                 ch.account_id);
}

}  // namespace dw::game
