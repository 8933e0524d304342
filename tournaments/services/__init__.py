"""Write paths: one function per use case, keyword-only, each in one transaction."""

from tournaments.services.accounts import player_create, player_signup, signup_problems, token_for_login, token_rotate
from tournaments.services.api_keys import api_key_create, api_key_of, api_key_revoke, api_key_write_record
from tournaments.services.archive import event_export, event_import
from tournaments.services.attendance import event_close_check_in, registration_reinstate, seat_forfeit, waitlist_promote
from tournaments.services.card_stats import card_stats_rebuild
from tournaments.services.clubs import (
    join_request,
    join_request_decide,
    members_from_event,
    membership_add,
    membership_end,
    organisation_create,
    player_country_set,
    player_notifications_set,
    staff_remove,
    staff_set,
)
from tournaments.services.editions import (
    edition_activate,
    edition_load,
    sheet_check_reverify,
    sheet_check_submit,
    sheet_check_verify,
)
from tournaments.services.entrants import entrants_import, guest_claim, guest_create
from tournaments.services.events import (
    RULES_FIELDS,
    event_check,
    event_close,
    event_create,
    event_delete,
    event_duplicate,
    event_open_registration,
    event_organiser_add,
    event_organiser_remove,
    event_update,
)
from tournaments.services.idempotency import idempotency_sweep
from tournaments.services.notifications import (
    notify_event_finished,
    notify_event_moved,
    notify_event_rated,
    notify_round_seated,
    notify_table_rejected,
    unsubscribe,
)
from tournaments.services.pad import pad_contest, pad_contest_withdraw, pad_draft_save
from tournaments.services.pick_accuracy import tables_pick_accuracy_refresh
from tournaments.services.places import event_places_refresh
from tournaments.services.privacy import account_erase, guest_emails_forget, pseudonym_of
from tournaments.services.rating import official_list_publish, pool_parameters_adopt, tables_rate
from tournaments.services.registrations import (
    registration_check_in,
    registration_create,
    registration_drop,
    registration_walk_in,
    registration_withdraw,
)
from tournaments.services.rounds import event_start, round_seat_next, round_start, seat_swap
from tournaments.services.sanctions import (
    event_sanction,
    event_unsanction,
    organisation_corrections_trust,
    organisation_trust,
    rating_body_set,
    result_change_decide,
)
from tournaments.services.seasons import (
    event_seasons_refresh,
    qualification_decline,
    season_create,
    season_event_add,
    season_standings_refresh,
    season_update,
)
from tournaments.services.sheets import StoredSheets, sheet_submit, table_sheets_submit
from tournaments.services.stream import stream_publish, stream_sweep
from tournaments.services.verification import (
    table_override,
    table_reopen,
    table_reverify,
    table_sweep,
    table_verify,
)
from tournaments.services.webhook_subscriptions import (
    webhook_delete,
    webhook_enable,
    webhook_ping,
    webhook_redeliver,
    webhook_rotate_secret,
    webhook_subscribe,
)
from tournaments.services.webhooks import webhook_deliver, webhooks_sweep

__all__ = [
    "RULES_FIELDS",
    "StoredSheets",
    "account_erase",
    "api_key_create",
    "api_key_of",
    "api_key_revoke",
    "api_key_write_record",
    "card_stats_rebuild",
    "edition_activate",
    "edition_load",
    "entrants_import",
    "event_check",
    "event_close",
    "event_close_check_in",
    "event_create",
    "event_delete",
    "event_duplicate",
    "event_export",
    "event_import",
    "event_open_registration",
    "event_organiser_add",
    "event_organiser_remove",
    "event_places_refresh",
    "event_sanction",
    "event_seasons_refresh",
    "event_start",
    "event_unsanction",
    "event_update",
    "guest_claim",
    "guest_create",
    "guest_emails_forget",
    "idempotency_sweep",
    "join_request",
    "join_request_decide",
    "members_from_event",
    "membership_add",
    "membership_end",
    "notify_event_finished",
    "notify_event_moved",
    "notify_event_rated",
    "notify_round_seated",
    "notify_table_rejected",
    "official_list_publish",
    "organisation_corrections_trust",
    "organisation_create",
    "organisation_trust",
    "pad_contest",
    "pad_contest_withdraw",
    "pad_draft_save",
    "player_country_set",
    "player_create",
    "player_notifications_set",
    "player_signup",
    "pool_parameters_adopt",
    "pseudonym_of",
    "qualification_decline",
    "rating_body_set",
    "registration_check_in",
    "registration_create",
    "registration_drop",
    "registration_reinstate",
    "registration_walk_in",
    "registration_withdraw",
    "result_change_decide",
    "round_seat_next",
    "round_start",
    "season_create",
    "season_event_add",
    "season_standings_refresh",
    "season_update",
    "seat_forfeit",
    "seat_swap",
    "sheet_check_reverify",
    "sheet_check_submit",
    "sheet_check_verify",
    "sheet_submit",
    "signup_problems",
    "staff_remove",
    "staff_set",
    "stream_publish",
    "stream_sweep",
    "table_override",
    "table_reopen",
    "table_reverify",
    "table_sheets_submit",
    "table_sweep",
    "table_verify",
    "tables_pick_accuracy_refresh",
    "tables_rate",
    "token_for_login",
    "token_rotate",
    "unsubscribe",
    "waitlist_promote",
    "webhook_delete",
    "webhook_deliver",
    "webhook_enable",
    "webhook_ping",
    "webhook_redeliver",
    "webhook_rotate_secret",
    "webhook_subscribe",
    "webhooks_sweep",
]
