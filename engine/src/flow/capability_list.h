/*
** capability_list.h: the turn flow's capabilities, one row each, in the
** order the core calls them (capabilities.c says why the order matters).
**
** A row X(name, state type, rules type) gives
**   - fl_cap_<name>: the capability's table of lifecycle callbacks, in
**     its own file cap_<name>.c;
**   - flow->caps.<name>: its declarations (the rules type), written by
**     its gk_flow_* declaration call and read by its callbacks only;
**   - play->caps.<name>: its state during a play (the state type, copied
**     with the play), fl_none when it keeps none.
** Invariant: a capability reads and writes only its own two members; the
** core names none of them. Adding a capability is its cap_<name>.c (and
** its declaration in gk_flow.h) plus one row here; a rules type may be
** written in the row itself (a struct of its rules and their count).
*/
#ifndef FL_CAPABILITY_LIST_H
#define FL_CAPABILITY_LIST_H

#define FL_CAPABILITIES(X)                                                               \
  X(score_meeting, struct { bool done; }, /* scoring when figures meet */                \
    struct { int n; fl_score_meeting_rule rule[GK_MAX_SCORE_MEETINGS]; })                \
  X(relocate, struct { bool due; }, /* figures that move on after scoring */             \
    struct { int n; gk_relocate_rule rule[GK_MAX_RELOCATIONS]; })                        \
  X(line_markers, fl_none, /* line markers */                                            \
    struct { bool on; gk_line_markers_rule rule; })                                      \
  X(gain, fl_none, /* counters gained on closing, final majorities */                    \
    struct {                                                                             \
      struct { int n; fl_gain_rule rule[GK_MAX_COUNTERS]; } gain;                        \
      struct { int n; fl_majority_rule rule[GK_MAX_COUNTERS]; } majority;                \
    })                                                                                   \
  X(system, fl_none, /* systems of features */                                           \
    struct { int n; gk_system_rule rule[GK_MAX_SYSTEMS]; })                              \
  X(score_figure, fl_none, /* figures that score by themselves at the end */             \
    struct { int n; fl_score_figure_rule rule[GK_MAX_SCORE_FIGURES]; })                  \
  X(hand_tile, fl_none, /* a tile held in hand */                                        \
    struct { bool on; gk_hand_tile_rule rule; })                                         \
  X(extra_part, fl_none, /* extra parts of a turn */                                     \
    struct { int n; gk_extra_part_rule rule[GK_MAX_EXTRA_PARTS]; })                      \
  X(recall, fl_none, /* figures called back to the supply */                             \
    struct { int n; gk_recall_rule rule[GK_MAX_RECALLS]; })                              \
  X(corner, fl_none, /* corner figures (their rule is the figure's own) */               \
    fl_none)                                                                             \
  X(joins, fl_none, /* stacks whose tiles must join a kind */                          \
    struct { int n; int kind[GK_MAX_STACKS]; })                                          \
  X(turns, struct { int8_t last[GK_MAX_STACKS]; }, /* how a joined chain turns */        \
    struct { int n; uint8_t rule[GK_MAX_STACKS]; })                                      \
  X(companion, fl_none, /* a neutral figure next to a follower */                        \
    struct { bool on; gk_companion_rule rule; uint32_t follows; })                       \
  X(walker, /* a neutral figure walking over tiles */                                    \
    struct { int8_t n; int32_t trail[GK_MAX_WALK_STEPS + 1]; },                          \
    struct { bool on; gk_walker_rule rule; })                                            \
  X(set_aside, fl_none, /* stacks held aside until some tile is placed */                \
    struct { int n; uint32_t held; gk_tile_filter until[GK_MAX_STACKS]; })                              \
  X(deploy_anywhere, fl_none, /* a deploy on any open feature after some tiles */        \
    struct { bool on; gk_deploy_anywhere_rule rule; })                                   \
  X(evict, fl_none, /* a figure sent home from the placed tile's feature */              \
    struct { bool on; gk_evict_rule rule; })                                             \
  X(record, /* the holder of the largest completed feature so far (cap_record.c) */      \
    struct { int32_t best[GK_MAX_RECORDS]; int32_t closed[GK_MAX_RECORDS];              \
             int32_t stamp; int8_t holder[GK_MAX_RECORDS]; int8_t was[GK_MAX_RECORDS]; }, \
    struct { int n; gk_record_rule rule[GK_MAX_RECORDS]; })                              \
  X(square_count, fl_none, /* a figure paid for what its tile's 3x3 square holds */      \
    struct { int n; gk_square_count_rule rule[GK_MAX_SQUARE_COUNTS]; })                  \
  X(split_occupancy, fl_none, /* occupancy judged per part of a split feature */        \
    struct { bool on; gk_split_occupancy_rule rule; })                                   \
  X(tile_variants, fl_none, /* a drawn tile played as one of its variants */             \
    struct { bool on; gk_tile_variants_rule rule; })                                      \
  X(token_pool, fl_pool_state, /* a figure's pool of tokens drawn from a bag */           \
    struct { bool on; gk_token_pool_rule rule; })                                         \
  X(move_anywhere, fl_none, /* neutral figures moved onto any open feature */            \
    struct { bool on; gk_move_anywhere_rule rule; })                                     \
  X(pairing, fl_none, /* tiles of two sorts paired one to one, contesting */             \
    struct { bool on; gk_pairing_rule rule; })

#endif
