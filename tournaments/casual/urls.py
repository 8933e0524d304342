"""The casual tables' page routes."""

from django.urls import path

from tournaments.casual import pages

urlpatterns = [
    path("accounts/casual-games/", pages.my_tables, name="casual-tables-page"),
    path("accounts/casual-games/new/", pages.record, name="casual-table-record"),
    path("accounts/casual-games/<int:table_id>/correct/", pages.correct, name="casual-table-correct-page"),
    path("accounts/casual-games/<int:table_id>/answer/", pages.answer, name="casual-table-answer"),
    path("leaderboards/<str:game>/casual/", pages.leaderboard, name="casual-leaderboard"),
]
