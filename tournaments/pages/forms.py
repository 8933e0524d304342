from typing import Any

from django import forms
from django.utils.text import slugify
from django.utils.translation import gettext_lazy as _

from tournaments.services.accounts import signup_problems
from tournaments.text import refusal


class SignupForm(forms.Form):
    username = forms.CharField(
        label=_("Username (to log in)"),
        max_length=150,
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none", "spellcheck": "false"}),
    )
    handle = forms.CharField(
        label=_("Handle (shown on tables and standings)"),
        max_length=40,
        widget=forms.TextInput(attrs={"autocapitalize": "none", "spellcheck": "false"}),
        help_text=_("2-40 characters: Latin letters (accents allowed), digits, '.', '-' or '_'."),
    )
    display_name = forms.CharField(
        label=_("Your name (optional)"), max_length=80, required=False,
        help_text=_("As you like it written, spaces allowed; shown beside your handle."),
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )  # fmt: skip
    email = forms.EmailField(
        label=_("E-mail (optional)"), required=False,
        help_text=_("Only to reset a forgotten password; never shown."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )  # fmt: skip
    password = forms.CharField(
        label=_("Password"), help_text=_("At least 10 characters, not a common one."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )  # fmt: skip
    password_again = forms.CharField(
        label=_("Password again"), widget=forms.PasswordInput(attrs={"autocomplete": "new-password"})
    )

    def clean(self) -> dict[str, Any]:
        """Every problem at once: the service's checks for each field given, and the two passwords."""
        data = super().clean() or {}
        if data.get("password") and data.get("password") != data.get("password_again"):
            self.add_error("password_again", _("The two passwords differ."))
        given = {name: data.get(name) or "" for name in ("username", "password", "handle", "email", "display_name")}
        for field, (message, code) in signup_problems(**given).items():
            if given[field] and field not in self.errors:
                self.add_error(field, refusal(code, message))
        return data


class ClubForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200)
    slug = forms.SlugField(
        label=_("Address"), max_length=50, required=False,
        help_text=_("The club's page: /clubs/<address>/ (letters, digits, '-'). Left empty: made from the name."),
    )  # fmt: skip
    country = forms.CharField(
        label=_("Country (optional)"), max_length=2, required=False, help_text=_("Two letters: FR, DE, GB...")
    )
    kind = forms.ChoiceField(
        label=_("Kind"), initial="club",
        choices=[("club", _("club")), ("league", _("league")), ("federation", _("federation"))],
    )  # fmt: skip

    def clean(self) -> dict[str, Any]:
        """An address left empty is made from the name ("Les Hiboux de Lyon": les-hiboux-de-lyon)."""
        data: dict[str, Any] = super().clean() or {}
        if not data.get("slug") and data.get("name") and not self.has_error("slug"):
            data["slug"] = slugify(data["name"])[:50].strip("-")
            if not data["slug"]:
                self.add_error("slug", _("Give the club's address: its name has no letter or digit to make one."))
        return data
