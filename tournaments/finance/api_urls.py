"""The levy's API routes."""

from django.urls import path

from tournaments.finance.api import LevyRuleView, LevyStatementView

urlpatterns = [
    path("organisations/<slug:slug>/levy-rule/", LevyRuleView.as_view(), name="levy-rule"),
    path("organisations/<slug:slug>/levy/", LevyStatementView.as_view(), name="levy-statement"),
    path("organisations/<slug:slug>/levy.csv", LevyStatementView.as_view(), {"format": "csv"}, name="levy-csv"),
]
