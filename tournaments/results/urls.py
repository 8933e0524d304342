"""The results' page routes: the score pad and the buttons on a table's results (config/urls.py includes them)."""

from django.urls import path

from tournaments.results.pages import pad, table_actions

urlpatterns = [
    path("tables/<int:table_id>/pad/", pad.pad, name="pad"),
    path("events/<int:event_id>/tables/<int:table_id>/contest/", table_actions.pad_contest, name="pad-contest"),
    path("events/<int:event_id>/tables/<int:table_id>/accept/", table_actions.table_accept, name="table-accept"),
    path("events/<int:event_id>/tables/<int:table_id>/recheck/", table_actions.table_recheck, name="table-recheck"),
    path("events/<int:event_id>/tables/<int:table_id>/reopen/", table_actions.table_reopen, name="table-reopen"),
    path("events/<int:event_id>/seats/<int:seat_id>/forfeit/", table_actions.forfeit_seat, name="forfeit-seat"),
]
