"""The seasons' API routes."""

from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments.seasons.api import SeasonViewSet

router = DefaultRouter()
router.include_root_view = False
router.register("seasons", SeasonViewSet, basename="season")

urlpatterns = [path("", include(router.urls))]
