"""The OAuth 2 authorization server's routes (/o/...; tournaments/integrations/app_auth.py): django-oauth-
toolkit's views for what an app and its player need, nothing more (no implicit flow, no device flow, no dynamic
registration: an app is registered by a signed-in person at /o/applications/register/)."""

from django.urls import path
from oauth2_provider import views

from tournaments.integrations import oauth_views

app_name = "oauth2_provider"
urlpatterns = [
    path("authorize/", views.AuthorizationView.as_view(), name="authorize"),
    path("token/", oauth_views.ThrottledToken.as_view(), name="token"),
    path("revoke_token/", oauth_views.ThrottledRevoke.as_view(), name="revoke-token"),
    path("applications/", views.ApplicationList.as_view(), name="list"),
    path("applications/register/", oauth_views.AppRegistration.as_view(), name="register"),
    path("applications/<slug:pk>/", views.ApplicationDetail.as_view(), name="detail"),
    path("applications/<slug:pk>/delete/", views.ApplicationDelete.as_view(), name="delete"),
    path("applications/<slug:pk>/update/", oauth_views.AppUpdate.as_view(), name="update"),
]
