"""Rating writes: record or remove a rated match, replay a pool, widen inactive players' sigma.

Every write locks the pool row first, so updates of one pool are serialised and never start from a
stale rating. A match that arrives for an earlier slot, or whose placings change, replays the pool
from that point; the result equals rating every event from scratch in order."""

from ratings.services.lists import INACTIVE_AFTER, list_publish, lists_publish_monthly
from ratings.services.pools import (
    BATCH,
    CHANGE_COLUMNS,
    ChangeRow,
    Match,
    Placing,
    PlayerState,
    inactivity_widen,
    match_record,
    match_remove,
    matches_record,
    placings_of,
    player_merge,
    player_rename,
    pool_get,
    pool_replay,
    pools_lock,
)
from ratings.services.quality import pool_parameters_adopt, pool_quality_refresh, pools_quality_refresh

__all__ = [
    "BATCH",
    "CHANGE_COLUMNS",
    "INACTIVE_AFTER",
    "ChangeRow",
    "Match",
    "Placing",
    "PlayerState",
    "inactivity_widen",
    "list_publish",
    "lists_publish_monthly",
    "match_record",
    "match_remove",
    "matches_record",
    "placings_of",
    "player_merge",
    "player_rename",
    "pool_get",
    "pool_parameters_adopt",
    "pool_quality_refresh",
    "pool_replay",
    "pools_lock",
    "pools_quality_refresh",
]
