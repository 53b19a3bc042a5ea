#pragma once

#include "content/wander_rules.hpp"

namespace dw::content {

/// A model of walking back through a branch's cleared rooms while its wanderers roam, run with the real rules
/// of content/wanderers.hpp (how many, where each appears, each step). The branch is a grid of cleared rooms,
/// `width` x `height` from (1,0), every neighbour open both ways (the start room (0,0) beside it, never
/// entered); the walker crosses it from the far corner back to (1,0) by a shortest way, `pace` rooms between
/// two wanderer steps (the shipped game.wander_step_ms of 20 s and a room every 5 s make 4), after the
/// wanderers have roamed for `warm_steps`. A wanderer attacks when the walker enters its room, or when it
/// steps into the walker's; one that attacked is beaten and gone (numbers are never given out twice).
struct walk_model {
  int width = 4;
  int height = 3;
  int pace = 4;
  int warm_steps = 30;
  int branches = 400;  ///< branch seeds 1..branches, each walked once
};

/// The share of the rooms walked into in which a wanderer attacked, over the model's branches. Pure and
/// deterministic: the same tables and model give the same figure.
double wanderer_attack_rate(const wander_rules& rules, const walk_model& model);

}  // namespace dw::content
