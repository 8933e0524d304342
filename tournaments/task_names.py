"""The names of the Celery tasks of the apps (each app's tasks.py), for the services that queue them through
config.celery.enqueue_on_commit: services never import a tasks module, which calls them. The names are those
the tasks had when they all lived in tournaments/tasks.py: messages queued before an upgrade still find them."""

SHEET_CHECK_VERIFY = "tournaments.tasks.sheet_check_verify_task"
TABLE_VERIFY = "tournaments.tasks.table_verify_task"
GAME_REVERIFY = "tournaments.tasks.game_reverify_task"
EVENT_REVERIFY = "tournaments.tasks.event_reverify_task"
TABLES_RATE = "tournaments.tasks.tables_rate_task"
WEBHOOK_DELIVER = "tournaments.tasks.webhook_deliver_task"
NOTIFY_SEATED = "tournaments.tasks.notify_round_seated_task"
NOTIFY_REJECTED = "tournaments.tasks.notify_table_rejected_task"
NOTIFY_FINISHED = "tournaments.tasks.notify_event_finished_task"
NOTIFY_MOVED = "tournaments.tasks.notify_event_moved_task"
NOTIFY_RATED = "tournaments.tasks.notify_event_rated_task"
NOTIFY_MESSAGE = "tournaments.results.tasks.notify_room_message_task"
NOTIFY_EDITION_KEPT = "tournaments.catalogue.tasks.notify_edition_kept_task"
PICK_ACCURACY = "tournaments.tasks.tables_pick_accuracy_task"
CASUAL_TABLE_VERIFY = "tournaments.casual.tasks.casual_table_verify_task"
