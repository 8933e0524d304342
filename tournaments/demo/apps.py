from django.apps import AppConfig


class DemoConfig(AppConfig):
    name = "tournaments.demo"
    label = "demo"
    verbose_name = "Demo"
