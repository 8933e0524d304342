"""The entrants' forms: a list imported, a walk-in entered as a guest, a claim code typed."""

from django import forms
from django.utils.translation import gettext_lazy as _


class EntrantsForm(forms.Form):
    file = forms.FileField(label=_("A CSV file"), required=False)
    csv = forms.CharField(
        label=_("Or paste the lines"), required=False, widget=forms.Textarea(attrs={"rows": 5, "spellcheck": "false"}),
        help_text=_("First line: the columns, handle and any of name, club (its address), email."),
    )  # fmt: skip


class WalkInForm(forms.Form):
    handle = forms.CharField(label=_("Handle"), max_length=40, help_text=_("The name on sheets and standings."))
    name = forms.CharField(label=_("Name (optional)"), max_length=80, required=False)
    email = forms.EmailField(label=_("E-mail (optional)"), required=False)


class LoginUnlockForm(forms.Form):
    prefix = "unlock"
    handle = forms.CharField(label=_("Their handle"), max_length=40,
                             help_text=_("A player registered in this event, standing at your desk."))  # fmt: skip


class ClaimForm(forms.Form):
    code = forms.CharField(label=_("Claim code"), max_length=64, widget=forms.TextInput(attrs={"autocomplete": "off"}))
