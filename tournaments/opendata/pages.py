"""The open data page: the files, their licence and what a line holds."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.opendata.selectors import dumps
from tournaments.opendata.services import CSV_COLUMNS, LICENCE


def open_data(request: HttpRequest) -> HttpResponse:
    context = {"dumps": list(dumps()[:240]), "licence": LICENCE, "columns": CSV_COLUMNS}
    return render(request, "opendata/open_data.html", context)
