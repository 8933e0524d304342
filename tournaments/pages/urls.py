from django.contrib.auth import views as auth
from django.urls import path

from tournaments.pages import (
    account,
    actions,
    calendars,
    clubs,
    embeds,
    event_edit,
    licences,
    offline,
    organiser,
    public,
)

urlpatterns = [
    # The installable site (docs/offline.md): the worker's scope is the path it is served from, so the root.
    path("service-worker.js", offline.service_worker, name="service-worker"),
    path("manifest.webmanifest", offline.manifest, name="manifest"),
    path("offline/", offline.offline, name="offline"),
    path("favicon.ico", offline.favicon, name="favicon"),
    path("", public.home, name="home"),
    path("events.ics", calendars.all_events, name="events-ics"),
    path("clubs/<slug:slug>/events.ics", calendars.club_events, name="club-events-ics"),
    path("players/<str:handle>/events.ics", calendars.player_events, name="player-events-ics"),
    path("events/new/", event_edit.event_new, name="event-new"),
    path("events/<int:event_id>/", public.event_detail, name="event"),
    path("events/<int:event_id>/edit/", event_edit.event_edit, name="event-edit"),
    path("events/<int:event_id>/duplicate/", event_edit.event_duplicate, name="event-duplicate"),
    path("events/<int:event_id>/rounds/<int:number>/swap/", event_edit.seats_swap, name="seats-swap"),
    path("events/<int:event_id>/rounds/<int:number>/", public.round_pairings, name="round"),
    path("events/<int:event_id>/standings/", public.standings, name="standings"),
    path("embed/events/<int:event_id>/standings/", embeds.standings_embed, name="embed-standings"),
    path("embed/events/<int:event_id>/register/", embeds.register_embed, name="embed-register"),
    path("leaderboards/", public.leaderboards, name="leaderboards"),
    path("leaderboards/<str:game>/", public.leaderboard, name="leaderboard"),
    path("leaderboards/<str:game>/quality/", public.quality, name="rating-quality"),
    path("ratings/lists/<int:list_id>/", public.rating_list, name="rating-list"),
    path("players/<str:handle>/", public.player_profile, name="player"),
    path("players/<str:handle>/versus/<str:other>/", public.head_to_head_page, name="head-to-head-page"),
    path("tables/<int:table_id>/", public.table_detail, name="table"),
    path("clubs/", clubs.club_list, name="clubs"),
    path("clubs/new/", clubs.club_new, name="club-new"),
    path("clubs/<slug:slug>/", clubs.club_detail, name="club"),
    path("clubs/<slug:slug>/federation/", clubs.club_federation, name="club-federation"),
    path("clubs/<slug:slug>/licences/", licences.licences, name="club-licences"),
    path("clubs/<slug:slug>/staff/", clubs.club_staff, name="club-staff"),
    path("clubs/<slug:slug>/members/", clubs.club_member, name="club-member"),
    path("clubs/<slug:slug>/join/", clubs.join_ask, name="club-join"),
    path(
        "clubs/<slug:slug>/join-requests/<int:request_id>/<str:decision>/", clubs.join_decide, name="club-join-decide"
    ),
    path(
        "clubs/<slug:slug>/members/from-event/<int:event_id>/", clubs.members_from_event, name="club-members-from-event"
    ),
    # players
    path("accounts/signup/", account.signup, name="signup"),
    path("accounts/notifications/", account.notification_settings, name="notification-settings"),
    path("notifications/unsubscribe/<str:token>/", account.unsubscribe, name="unsubscribe"),
    path("accounts/login/", account.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth.LogoutView.as_view(), name="logout"),
    path(
        "accounts/password/",
        account.PasswordChangeView.as_view(),
        name="password",
    ),
    path(
        "accounts/password/reset/",
        auth.PasswordResetView.as_view(
            template_name="pages/password_reset.html", success_url="/accounts/password/reset/sent/"
        ),
        name="password-reset",
    ),
    path(
        "accounts/password/reset/sent/",
        auth.PasswordResetDoneView.as_view(template_name="pages/password_reset_done.html"),
        name="password-reset-sent",
    ),
    path(
        "accounts/password/reset/<uidb64>/<token>/",
        account.PasswordResetConfirmView.as_view(),
        name="password_reset_confirm",
    ),
    path(
        "accounts/password/reset/done/",
        auth.PasswordResetCompleteView.as_view(template_name="pages/password_reset_complete.html"),
        name="password-reset-done",
    ),
    path("events/<int:event_id>/register/", actions.register, name="register"),
    path("events/<int:event_id>/teams/new/", actions.team_register_page, name="team-register"),
    path("events/<int:event_id>/teams/join/", actions.team_join_page, name="team-join"),
    path("events/<int:event_id>/entry-exception/", actions.entry_exception, name="entry-exception"),
    path("events/<int:event_id>/withdraw/", actions.my_registration, {"action": "withdraw"}, name="withdraw"),
    path("events/<int:event_id>/check-in/", actions.my_registration, {"action": "check-in"}, name="check-in"),
    path("events/<int:event_id>/check-in/<str:code>/", actions.check_in_by_code, name="check-in-code"),
    path("ci/<int:event_id>/<str:code>/", actions.check_in_by_short_code, name="check-in-short"),
    path("events/<int:event_id>/me/", actions.my_event, name="my-event"),
    path("events/<int:event_id>/drop/", actions.my_registration, {"action": "drop"}, name="drop"),
    # organisers
    path("events/<int:event_id>/open/", actions.event_action, {"action": "open"}, name="open-registration"),
    path(
        "events/<int:event_id>/close-registration/",
        actions.event_action,
        {"action": "close-registration"},
        name="close-registration",
    ),
    path(
        "events/<int:event_id>/close-check-in/",
        actions.event_action,
        {"action": "close-check-in"},
        name="close-check-in",
    ),
    path(
        "events/<int:event_id>/registrations/<int:registration_id>/<str:action>/",
        actions.registration_action,
        name="registration-action",
    ),
    path("events/<int:event_id>/start/", actions.event_action, {"action": "start"}, name="start-event"),
    path("events/<int:event_id>/rounds/<int:number>/start/", actions.start_round, name="start-round"),
    path("events/<int:event_id>/next-round/", actions.event_action, {"action": "next-round"}, name="next-round"),
    path("events/<int:event_id>/close/", actions.event_action, {"action": "close"}, name="close-event"),
    path("events/<int:event_id>/reverify/", actions.event_action, {"action": "reverify"}, name="reverify-event"),
    path("events/<int:event_id>/rounds/<int:number>/print/", organiser.print_pairings, name="print-pairings"),
    path("events/<int:event_id>/rounds/<int:number>/slips/", organiser.print_slips, name="print-slips"),
    path("events/<int:event_id>/check-in-poster/", organiser.check_in_poster, name="check-in-poster"),
    path("events/<int:event_id>/tv/", organiser.tv, name="tv"),
    path("events/<int:event_id>/tv/<str:code>/", organiser.tv_shared, name="tv-shared"),
]
