from django.urls import include, path
from rest_framework.routers import DefaultRouter

from tournaments import views

router = DefaultRouter()
router.register("editions", views.EditionViewSet, basename="edition")
router.register("sheet-checks", views.SheetCheckViewSet, basename="sheet-check")

urlpatterns = [
    path("games/", views.GameListView.as_view(), name="game-list"),
    path("", include(router.urls)),
]
