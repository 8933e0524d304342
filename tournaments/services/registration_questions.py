"""The organiser's own questions on an event's registration form (issue 70, item 3), and a player's answers.

A question is `{id, label, kind, choices, required}`: `kind` is `text` (a line of at most 500 characters),
`choice` (one of `choices`) or `yes_no` (true or false). A choice and a yes/no question are always answered
(a yes/no box left empty is a no); a text question only when `required`. The registration form of the pages
writes them one a line (`questions_from_lines`):

    text: Your club
    text*: Your licence number          (* : required)
    yes/no: Vegetarian meal?
    choice: T-shirt size: S, M, L, XL

A question's id is made from its label, so answers follow a question whose label is kept; an answer to a
question since removed is kept with the registration but no longer shown."""

from typing import Any

from django.utils.text import format_lazy, slugify
from django.utils.translation import gettext_lazy

from config.errors import DomainError

KINDS = ("text", "choice", "yes_no")
MAX_QUESTIONS, MAX_LABEL, MAX_CHOICES, MAX_TEXT = 10, 200, 20, 500
_LINE_KINDS = {"text": ("text", False), "text*": ("text", True), "yes/no": ("yes_no", True), "choice": ("choice", True)}


def questions_checked(raw: Any) -> list[dict[str, Any]]:
    """The event's questions as stored, or a refusal naming the question and its field."""
    field = "registration_questions"
    if not isinstance(raw, list) or len(raw) > MAX_QUESTIONS:
        raise DomainError(format_lazy(gettext_lazy("a list of at most {count} questions"), count=MAX_QUESTIONS),
                          "invalid_questions", field)  # fmt: skip
    questions, ids = [], set()
    for i, question in enumerate(raw):
        checked = _question_checked(question, f"{field}[{i}]")
        if checked["id"] in ids:
            raise DomainError("two questions have the same id", "invalid_questions", f"{field}[{i}].id")
        ids.add(checked["id"])
        questions.append(checked)
    return questions


def _question_checked(question: Any, where: str) -> dict[str, Any]:
    if not isinstance(question, dict):
        raise DomainError("a question is an object {id, label, kind, choices, required}", "invalid_questions", where)
    label = _label_checked(question.get("label"), f"{where}.label")
    kind = question.get("kind")
    if kind not in KINDS:
        raise DomainError(format_lazy(gettext_lazy("kind is one of {choices}"), choices=", ".join(KINDS)),
                          "invalid_questions", f"{where}.kind")  # fmt: skip
    choices = question.get("choices", []) if kind == "choice" else []
    if kind == "choice" and not _choices_fit(choices):
        raise DomainError(format_lazy(gettext_lazy("a choice question offers 2 to {count} choices, each a word"),
                                      count=MAX_CHOICES), "invalid_questions", f"{where}.choices")  # fmt: skip
    identifier = _id_checked(question.get("id") or slugify(label)[:40] or "question", f"{where}.id")
    required = kind != "text" or bool(question.get("required", False))
    return {"id": identifier, "label": label, "kind": kind, "choices": [c.strip() for c in choices],
            "required": required}  # fmt: skip


def _id_checked(identifier: Any, where: str) -> str:
    if not isinstance(identifier, str) or slugify(identifier) != identifier:
        raise DomainError("an id is lower-case letters, digits and hyphens", "invalid_questions", where)
    return identifier


def _label_checked(label: Any, where: str) -> str:
    if not isinstance(label, str) or not label.strip() or len(label) > MAX_LABEL or "\n" in label:
        raise DomainError(format_lazy(gettext_lazy("a label is one line of 1 to {count} characters"),
                                      count=MAX_LABEL), "invalid_questions", where)  # fmt: skip
    return label.strip()


def _choices_fit(choices: Any) -> bool:
    return (isinstance(choices, list) and 2 <= len(choices) <= MAX_CHOICES
            and all(isinstance(c, str) and c.strip() and len(c) <= MAX_LABEL for c in choices))  # fmt: skip


def answers_checked(questions: list[dict[str, Any]], raw: Any) -> dict[str, Any]:
    """A player's answers to the event's questions, or a refusal naming the question (`answers.<id>`)."""
    raw = {} if raw is None else raw
    if not isinstance(raw, dict):
        raise DomainError("answers is an object: {question id: answer}", "invalid_answers", "answers")
    known = {question["id"] for question in questions}
    for key in raw:
        if key not in known:
            raise DomainError("this event asks no such question", "invalid_answers", f"answers.{key}")
    return {question["id"]: _answer_checked(question, raw.get(question["id"])) for question in questions}


def _answer_checked(question: dict[str, Any], answer: Any) -> str | bool:
    where = f"answers.{question['id']}"
    if question["kind"] == "yes_no":
        if not isinstance(answer, bool | None):
            raise DomainError("the answer is true or false", "invalid_answers", where)
        return bool(answer)  # a box left empty is a no
    text = _text_of(answer, where)
    choices = question.get("choices") or []  # as stored: checked by `questions_checked`, or an admin's hand
    if question["kind"] == "choice" and text not in choices:
        raise DomainError(format_lazy(gettext_lazy("the answer is one of: {choices}"),
                                      choices=", ".join(choices)), "invalid_answers", where)  # fmt: skip
    if question.get("required") and not text:
        raise DomainError(gettext_lazy("this question needs an answer"), "invalid_answers", where)
    return text


def _text_of(answer: Any, where: str) -> str:
    """A text or choice answer on one line (none given: empty)."""
    if answer is None:
        return ""
    if not isinstance(answer, str) or len(answer) > MAX_TEXT:
        raise DomainError(format_lazy(gettext_lazy("the answer is text of at most {count} characters"),
                                      count=MAX_TEXT), "invalid_answers", where)  # fmt: skip
    return " ".join(answer.split())


def answers_from_fields(questions: list[dict[str, Any]], fields: Any) -> dict[str, Any]:
    """The answers a page's form sent (`answer-<id>` fields; a yes/no box is sent only when ticked), to be
    checked as the API's are (`answers_checked`)."""
    return {question["id"]: (f"answer-{question['id']}" in fields) if question["kind"] == "yes_no"
            else fields.get(f"answer-{question['id']}", "") for question in questions}  # fmt: skip


def questions_from_lines(text: str) -> list[dict[str, Any]]:
    """The registration form's questions, one a line (`kind: label` or `choice: label: a, b, c`)."""
    questions = []
    for number, line in enumerate((line.strip() for line in text.splitlines() if line.strip()), start=1):
        written_kind, _colon, rest = line.partition(":")
        if written_kind.strip().lower() not in _LINE_KINDS or not rest.strip():
            raise DomainError(format_lazy(gettext_lazy(
                "line {number}: start with text:, text*:, yes/no: or choice: and the question"), number=number),
                "invalid_questions", "registration_questions")  # fmt: skip
        kind, required = _LINE_KINDS[written_kind.strip().lower()]
        label, choices = rest.strip(), []
        if kind == "choice":
            label, _colon, listed = rest.rpartition(":")
            choices = [choice.strip() for choice in listed.split(",") if choice.strip()]
        questions.append({"label": label.strip(), "kind": kind, "choices": choices, "required": required})
    return questions_checked(questions)


def questions_as_lines(questions: list[dict[str, Any]]) -> str:
    """The questions as the registration form writes them (the inverse of `questions_from_lines`)."""
    lines = []
    for question in questions:
        if question["kind"] == "choice":
            lines.append(f"choice: {question['label']}: {', '.join(question['choices'])}")
        elif question["kind"] == "yes_no":
            lines.append(f"yes/no: {question['label']}")
        else:
            lines.append(f"text{'*' if question['required'] else ''}: {question['label']}")
    return "\n".join(lines)
