"""The levy's, the entry fee's and the door ledger's API routes."""

from django.urls import path

from tournaments.finance.api import EntryFeeView, LedgerView, LevyRuleView, LevyStatementView, PaymentsView

urlpatterns = [
    path("organisations/<slug:slug>/levy-rule/", LevyRuleView.as_view(), name="levy-rule"),
    path("organisations/<slug:slug>/levy/", LevyStatementView.as_view(), name="levy-statement"),
    path("organisations/<slug:slug>/levy.csv", LevyStatementView.as_view(), {"format": "csv"}, name="levy-csv"),
    path("events/<int:pk>/entry-fee/", EntryFeeView.as_view(), name="entry-fee"),
    path("events/<int:pk>/payments/", PaymentsView.as_view(), name="payments"),
    path("events/<int:pk>/ledger/", LedgerView.as_view(), name="ledger"),
    path("events/<int:pk>/ledger.csv", LedgerView.as_view(), {"format": "csv"}, name="ledger-csv"),
]
