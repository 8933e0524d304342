from rest_framework.routers import DefaultRouter

from ratings import api

router = DefaultRouter()
router.register("pools", api.RatingPoolViewSet, basename="rating-pool")
router.register("lists", api.RatingListViewSet, basename="rating-list")
urlpatterns = router.urls
