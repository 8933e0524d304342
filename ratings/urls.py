from rest_framework.routers import DefaultRouter

from ratings import api

router = DefaultRouter()
router.register("pools", api.RatingPoolViewSet, basename="rating-pool")
urlpatterns = router.urls
