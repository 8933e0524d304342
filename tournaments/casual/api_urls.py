"""The casual tables' API routes."""

from django.urls import path

from tournaments.casual import api

urlpatterns = [
    path("casual-tables/", api.CasualTablesView.as_view(), name="casual-tables"),
    path("casual-tables/<int:pk>/", api.CasualTableView.as_view(), name="casual-table"),
    path("casual-tables/<int:pk>/confirm/", api.CasualConfirmView.as_view(), name="casual-table-confirm"),
    path("casual-tables/<int:pk>/decline/", api.CasualDeclineView.as_view(), name="casual-table-decline"),
    path("casual-tables/<int:pk>/correct/", api.CasualCorrectView.as_view(), name="casual-table-correct"),
]
