from django.apps import AppConfig


class FinanceConfig(AppConfig):
    name = "tournaments.finance"
    label = "finance"
    verbose_name = "Fees and levies"
