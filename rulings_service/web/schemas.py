"""marshmallow schemas for every input and output of the JSON API.

They serve three purposes at once: validating query strings and bodies
(``load``), shaping responses (``dump``, which also drops fields a back end
may add later), and generating the OpenAPI document, so the published
contract is the code that enforces it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

from rulings_service.web import links

# Kept in step with config.DEFAULTS; the schema is the published limit.
#: A search question: chat bots pass players' questions through, and a chatty
#: two-card question runs past 200 characters.
MAX_QUERY = 500
#: A card name or name prefix (the longest name has 24 characters).
MAX_NAME = 200
MAX_MESSAGE = 4000


class _Out(Schema):
    """Output schemas: dump only the declared fields, in order."""

    class Meta:
        ordered = True


class _Derived:
    """A dump-only field computed from the whole record (a link, a coverage fact).

    Subclassed with a concrete field type so the OpenAPI document shows the
    right type; the record itself never stores the value, because links
    depend on the configured base URL and coverage on the whole build.
    """

    def __init__(self, compute: Callable[[Any], Any], **kwargs: Any) -> None:
        super().__init__(dump_only=True, required=True, **kwargs)  # type: ignore[call-arg]
        self.compute = compute

    def serialize(self, attr: str, obj: Any, accessor: Any = None, **kwargs: Any) -> Any:
        return self.compute(obj)


class DerivedString(_Derived, fields.String):
    pass


class DerivedBoolean(_Derived, fields.Boolean):
    pass


def _card_coverage(card: Any) -> tuple[bool, str]:
    from rulings_service.web.services import services

    return services().coverage().card_facts(card)


class _Page(_Out):
    """Scryfall's list fields, on every list answer."""

    count = fields.Integer(required=True, metadata={"description": "items on this page"})
    total = fields.Integer(required=True, metadata={"description": "items on all pages"})
    page = fields.Integer(required=True, metadata={"description": "this page's number, from 1"})
    has_more = fields.Boolean(required=True, metadata={"description": "whether a next page exists"})
    next_page = fields.String(allow_none=True, required=True,
                              metadata={"description": "URL of the next page, or null"})


#: ``page`` of a list request; the upper bound only keeps arithmetic small.
PAGE = fields.Integer(load_default=1, validate=validate.Range(min=1, max=10_000),
                      metadata={"description": "the page to answer, from 1"})


# ----------------------------------------------------------------- errors
class ErrorSchema(_Out):
    status = fields.Integer(required=True, metadata={"description": "HTTP status"})
    code = fields.String(required=True, metadata={"description": "machine-readable reason"})
    details = fields.String(required=True, metadata={"description": "what went wrong, for people"})
    warnings = fields.List(fields.String(), required=True)
    candidates = fields.List(
        fields.String(), metadata={"description": "for ambiguous names: the cards it could mean"}
    )
    name = fields.String(metadata={"description": "for not_covered: the card's printed name"})
    set = fields.String(allow_none=True,
                        metadata={"description": "for not_covered: the set it is from"})
    set_name = fields.String(allow_none=True,
                             metadata={"description": "for not_covered: that set's name"})
    allowed = fields.List(fields.String(), metadata={"description": "for 405: allowed methods"})
    choices = fields.List(
        fields.String(), metadata={"description": "for an unknown value: the values accepted"}
    )
    fields_errors = fields.Dict(
        data_key="fields", metadata={"description": "for invalid input: messages per field"}
    )
    problems = fields.List(
        fields.Dict(), metadata={"description": "for an invalid scenario: {field, line, message}"}
    )


# ----------------------------------------------------------------- corpus records
class CostSchema(_Out):
    coins = fields.Integer(allow_none=True, required=True)
    potion = fields.Integer(required=True)
    debt = fields.Integer(required=True)


class SourceRefSchema(_Out):
    document = fields.String(required=True)
    start = fields.Integer(required=True)
    end = fields.Integer(required=True)


class RulingSchema(_Out):
    id = fields.String(required=True)
    card = fields.String(required=True)
    card_slug = fields.String(allow_none=True, required=True)
    topic = fields.String(allow_none=True)
    set = fields.String(allow_none=True)
    text = fields.String(required=True)
    sources = fields.List(fields.Nested(SourceRefSchema), required=True)
    mentions = fields.List(fields.String(), required=True)
    kind = fields.String(required=True)
    order = fields.Integer(allow_none=True)
    status = fields.Dict(
        allow_none=True,
        metadata={"description": "demonstrated / informational status from the audit, if known"},
    )
    scenarios = fields.List(fields.String(), metadata={"description": "ids of its scenarios"})
    uri = DerivedString(links.ruling_uri, metadata={"description": "this ruling in the API"})
    web_uri = DerivedString(links.ruling_web_uri, metadata={"description": "its page"})


class SourceNoteSchema(_Out):
    document = fields.String(required=True, metadata={"description": "source id"})
    field = fields.String(required=True, metadata={"description": "cost, text or types"})
    says = fields.String(required=True, metadata={"description": "the source's own words"})
    note = fields.String(required=True, metadata={"description": "the difference, for people"})


class CardSchema(_Out):
    name = fields.String(required=True)
    slug = fields.String(required=True)
    set = fields.String(required=True)
    sets = fields.List(fields.String(), required=True)
    cost = fields.Nested(CostSchema, allow_none=True, required=True)
    types = fields.List(fields.String(), required=True)
    kind = fields.String(required=True)
    text = fields.String(required=True)
    pile_size = fields.Raw(
        allow_none=True, metadata={"description": "an integer, a players->count mapping, or null"}
    )
    in_scope = fields.Boolean(required=True)
    implemented = fields.Boolean(required=True)
    ruling_ids = fields.List(fields.String(), required=True)
    source_notes = fields.List(
        fields.Nested(SourceNoteSchema), required=True, dump_default=list,
        metadata={"description": "where a source document gives a fact otherwise than the"
                                 " printed card (whose value the card keeps)"})
    covered = DerivedBoolean(lambda card: _card_coverage(card)[0], metadata={
        "description": "whether the sources cover the card's set (see coverage_note)"})
    coverage_note = DerivedString(lambda card: _card_coverage(card)[1], metadata={
        "description": "what the sources hold for this card's set, and why not when not"})
    uri = DerivedString(links.card_uri, metadata={"description": "this card in the API"})
    web_uri = DerivedString(links.card_web_uri, metadata={"description": "this card's page"})


class ScenarioRefSchema(_Out):
    id = fields.String(required=True)
    title = fields.String(required=True)


class CardDetailSchema(_Out):
    card = fields.Nested(CardSchema, required=True)
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
    mentioned_in = fields.List(
        fields.Nested(RulingSchema),
        required=True,
        metadata={"description": "rulings of other cards that mention this one"},
    )
    sources_have_faq = fields.Boolean(
        required=True,
        metadata={"description": "false when the sources hold no ruling of the card's set "
                                 "(no FAQ: Hinterlands)"},
    )
    card_text_demonstrations = fields.List(
        fields.Nested(ScenarioRefSchema),
        required=True,
        metadata={"description": "scenarios in which this engine plays out the card's printed "
                                 "text; demonstrations of the card text, not official rulings"},
    )


class CardListSchema(_Page):
    cards = fields.List(fields.Nested(CardSchema), required=True)
    warnings = fields.List(fields.String(), required=True)


class SourceSchema(_Out):
    id = fields.String(required=True)
    file = fields.String(required=True)
    title = fields.String(required=True)
    sets = fields.List(fields.String(), required=True)
    format = fields.String(required=True)
    sha256 = fields.String(required=True)
    chars = fields.Integer(required=True)
    uri = DerivedString(links.source_uri, metadata={"description": "this source in the API"})
    web_uri = DerivedString(links.source_web_uri, metadata={"description": "its page"})


class SourceDetailSchema(_Out):
    source = fields.Nested(SourceSchema, required=True)
    rulings = fields.List(fields.Nested(RulingSchema), required=True)


class RulingDetailSchema(_Out):
    ruling = fields.Nested(RulingSchema, required=True)
    sources = fields.List(
        fields.Nested(SourceSchema), required=True, metadata={"description": "documents cited"}
    )


class LandscapeSchema(_Out):
    name = fields.String(required=True)
    kind = fields.String(required=True)
    pile = fields.String(allow_none=True)


class KingdomCardSchema(_Out):
    name = fields.String(required=True)
    slug = fields.String(allow_none=True, required=True)
    implemented = fields.Boolean(required=True)


class KingdomSchema(_Out):
    id = fields.String(required=True)
    name = fields.String(required=True)
    source = fields.String(required=True)
    sets = fields.List(fields.String(), required=True)
    cards = fields.List(fields.Nested(KingdomCardSchema), required=True)
    landscapes = fields.List(fields.Nested(LandscapeSchema), required=True)
    druid_boons = fields.List(fields.String(), required=True)


class KingdomListSchema(_Page):
    kingdoms = fields.List(fields.Nested(KingdomSchema), required=True)
    warnings = fields.List(fields.String(), required=True)


class PageQuerySchema(Schema):
    page = PAGE


class SetSchema(_Out):
    id = fields.String(required=True)
    name = fields.String(required=True, metadata={"description": "the set's human name"})
    released = fields.Integer(allow_none=True, required=True,
                              metadata={"description": "year of release (null for promos)"})
    covered = fields.Boolean(required=True,
                             metadata={"description": "whether a source document is about it"})
    coverage_note = fields.String(required=True)
    cards = fields.Integer(required=True, metadata={"description": "catalogue entries"})
    rulings = fields.Integer(required=True)
    demonstrated = fields.Integer(required=True,
                                  metadata={"description": "rulings a scenario replays"})
    card_text_demonstrations = fields.Integer(
        required=True, metadata={"description": "scenarios playing out a printed card text "
                                                "(this engine's reading, not official rulings)"})
    card_names = fields.List(fields.String(),
                             metadata={"description": "for a set not covered: the names known"})
    cards_uri = DerivedString(links.set_cards_uri, metadata={"description": "its cards"})
    web_uri = DerivedString(links.set_web_uri, metadata={"description": "its home-page entry"})


class SetListSchema(_Page):
    sets = fields.List(fields.Nested(SetSchema), required=True)
    warnings = fields.List(fields.String(), required=True)


class EndpointSchema(_Out):
    method = fields.String(required=True)
    path = fields.String(required=True, metadata={"description": "with {placeholders}"})
    summary = fields.String(required=True)
    uri = fields.String(allow_none=True, required=True,
                        metadata={"description": "URL of a GET without placeholders"})


class ApiIndexSchema(_Out):
    name = fields.String(required=True)
    version = fields.String(required=True)
    build_id = fields.String(required=True)
    openapi = fields.String(required=True, metadata={"description": "the OpenAPI document"})
    documentation = fields.String(required=True)
    endpoints = fields.List(fields.Nested(EndpointSchema), required=True)


#: The bulk document's schema version: raised whenever a field is renamed, removed
#: or changes meaning (adding a field does not raise it). docs/api.md lists the fields.
BULK_SCHEMA_VERSION = 2


class SpanSchema(_Out):
    document = fields.String(required=True)
    start = fields.Integer(required=True)
    end = fields.Integer(required=True)
    role = fields.String(metadata={"description": "printed_in only: entry, card line..."})


class CrossReferenceSchema(_Out):
    card = fields.String(required=True, metadata={"description": "a card of another set"})
    set = fields.String(allow_none=True, required=True)


class BulkCardSchema(CardSchema):
    """A card with every field of the corpus, not only those the card endpoints show.

    The fields added here are in every build; they are optional in the schema
    because a corpus written before them (the web tests' fixture) lacks them.
    """

    aliases = fields.List(fields.String(),
                          metadata={"description": "other spellings the sources use"})
    members = fields.List(fields.String(),
                          metadata={"description": "for a pile: its separate cards"})
    printed_in = fields.List(fields.Nested(SpanSchema),
                             metadata={"description": "where the sources print the card"})
    related_ruling_ids = fields.List(fields.String(),
                                     metadata={"description": "rulings about it, not its own"})


class BulkRulingSchema(RulingSchema):
    """A ruling with every field of the corpus."""

    cards = fields.List(fields.String(),
                        metadata={"description": "every card the ruling belongs to"})
    cross_references = fields.List(fields.Nested(CrossReferenceSchema))
    icon_gaps = fields.Integer(metadata={
        "description": "coin/VP symbols the source lost that could not be restored"})
    icons_restored = fields.Boolean(metadata={"description": "whether symbols were restored"})


class BulkKingdomSchema(_Out):
    id = fields.String(required=True)
    name = fields.String(required=True)
    group = fields.String(allow_none=True)
    source = fields.String(required=True)
    sets = fields.List(fields.String(), required=True)
    cards = fields.List(fields.String(), required=True)
    landscapes = fields.List(fields.Nested(LandscapeSchema), required=True)
    druid_boons = fields.List(fields.String(), required=True)
    notes = fields.String(allow_none=True)
    span = fields.Nested(SpanSchema, allow_none=True)


class BulkSchema(_Out):
    schema_version = fields.Integer(required=True, metadata={
        "description": f"version of this document's shape (now {BULK_SCHEMA_VERSION})"})
    build_id = fields.String(required=True)
    sources = fields.List(fields.Nested(SourceSchema), required=True)
    sets = fields.List(fields.Nested(SetSchema), required=True)
    cards = fields.List(fields.Nested(BulkCardSchema), required=True)
    rulings = fields.List(fields.Nested(BulkRulingSchema), required=True)
    kingdoms = fields.List(fields.Nested(BulkKingdomSchema), required=True)


# ----------------------------------------------------------------- search
#: Facet values are ids and words (``dark-ages``, ``attack``): they become
#: ``field:value`` clauses of the query language, so nothing else may pass.
_FACET = validate.Regexp(r"^[A-Za-z0-9][A-Za-z0-9-]{0,39}$",
                         error="a facet value is letters, digits and hyphens (at most 40)")


class SearchQuerySchema(Schema):
    q = fields.String(
        required=True,
        validate=validate.Length(min=1, max=MAX_QUERY),
        metadata={"description": "words, phrases in quotes, card names"},
    )
    limit = fields.Integer(load_default=10, validate=validate.Range(min=1, max=50),
                           metadata={"description": "hits per page"})
    page = PAGE
    set = fields.String(validate=_FACET, metadata={"description": "only rulings of this set id"})
    type = fields.String(validate=_FACET, metadata={"description": "only cards of this type"})
    kind = fields.String(validate=_FACET, metadata={"description": "card, general, setup..."})
    source = fields.String(validate=_FACET, metadata={"description": "only this document id"})


class SearchHitSchema(_Out):
    ruling_id = fields.String(required=True)
    card = fields.String(required=True)
    card_slug = fields.String(allow_none=True, required=True)
    text = fields.String(required=True)
    score = fields.Float(required=True)
    snippet_html = fields.String(
        required=True, metadata={"description": "escaped text with <mark> around matches"}
    )
    uri = fields.String(required=True, metadata={"description": "the ruling in the API"})
    web_uri = fields.String(required=True, metadata={"description": "the ruling's page"})


class ReadAsSchema(_Out):
    card = fields.String(required=True)
    card_slug = fields.String(required=True)
    confidence = fields.Float(
        required=True,
        metadata={"description": "our confidence (0-1) that the question describes this card"})
    uri = fields.String(required=True, metadata={"description": "the card in the API"})
    web_uri = fields.String(required=True, metadata={"description": "the card's page"})


class SearchResultSchema(_Out):
    query = fields.String(required=True)
    filters = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    count = fields.Integer(required=True, metadata={"description": "hits returned"})
    total = fields.Integer(required=True, metadata={"description": "rulings that match"})
    page = fields.Integer(required=True, metadata={"description": "this page's number, from 1"})
    has_more = fields.Boolean(required=True, metadata={"description": "whether a next page exists"})
    next_page = fields.String(allow_none=True, required=True,
                              metadata={"description": "URL of the next page, or null"})
    results = fields.List(fields.Nested(SearchHitSchema), required=True)
    facets = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(keys=fields.String(), values=fields.Integer()),
        required=True,
    )
    read_as = fields.List(
        fields.Nested(ReadAsSchema), required=True,
        metadata={"description": "cards the question describes without naming them, best first:"
                  " the search's inference, ranked as if the card had been named"})
    warnings = fields.List(fields.String(), required=True)


class SetQuerySchema(Schema):
    set = fields.String(validate=validate.Length(max=40),
                        metadata={"description": "only the cards of this set id"})
    page = PAGE


class AuditQuerySchema(Schema):
    set = fields.String(validate=validate.Length(max=40), metadata={"description": "a set id"})
    card = fields.String(validate=validate.Length(max=MAX_NAME),
                         metadata={"description": "a card name"})


# ----------------------------------------------------------------- names
class NamedQuerySchema(Schema):
    exact = fields.String(validate=validate.Length(min=1, max=MAX_NAME))
    fuzzy = fields.String(validate=validate.Length(min=1, max=MAX_NAME))

    @validates_schema
    def _one_of(self, data: dict, **_: object) -> None:
        if ("exact" in data) == ("fuzzy" in data):
            raise ValidationError("give exactly one of 'exact' or 'fuzzy'")


class AutocompleteQuerySchema(Schema):
    """No constraint on purpose: a type-ahead box must never see an error.

    A missing, empty or over-long prefix answers with no names and a warning,
    and parameters other than ``q`` are ignored.
    """

    class Meta:
        unknown = EXCLUDE

    q = fields.String(metadata={"description": f"a name prefix; more than {MAX_NAME} "
                                               "characters or none gives no names and a warning"})


class AutocompleteSchema(_Out):
    query = fields.String(required=True)
    names = fields.List(fields.String(), required=True)
    warnings = fields.List(fields.String(), required=True)


# ----------------------------------------------------------------- resolve
class ResolveRequestSchema(Schema):
    message = fields.String(
        required=True,
        validate=validate.Length(max=MAX_MESSAGE),
        metadata={"description": "chat text with [[Card Name]] or [[Card Name?]] references"},
    )


class NotCoveredSchema(_Out):
    name = fields.String(required=True, metadata={"description": "the card's printed name"})
    set = fields.String(allow_none=True, required=True, metadata={"description": "set id"})
    set_name = fields.String(allow_none=True, required=True)
    note = fields.String(allow_none=True, required=True,
                         metadata={"description": "why we hold nothing on it, for people"})


class ResolvedReferenceSchema(_Out):
    query = fields.String(required=True, metadata={"description": "the name inside [[...]]"})
    want_rulings = fields.Boolean(required=True)
    found = fields.Boolean(required=True)
    card = fields.Nested(CardSchema, allow_none=True, required=True)
    candidates = fields.List(fields.String(), required=True)
    not_covered = fields.Nested(
        NotCoveredSchema, allow_none=True, required=True,
        metadata={"description": "a real card outside the sets our sources cover"})
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
    url = fields.String(allow_none=True, required=True)


class ResolveResultSchema(_Out):
    references = fields.List(fields.Nested(ResolvedReferenceSchema), required=True)
    text = fields.String(required=True, metadata={"description": "plain text a bot can paste"})
    warnings = fields.List(fields.String(), required=True)


# ----------------------------------------------------------------- scenarios
class ReplaySchema(_Out):
    ruling_id = fields.String(required=True)
    scenarios = fields.List(
        fields.Dict(), required=True, metadata={"description": "one replay transcript each"}
    )


class ScenarioRunRequestSchema(Schema):
    """The documented shape of a scenario to run (the scenario file format, as JSON).

    The body is validated by the scenario loader's own marshmallow schema
    (``scenarios.schema.SandboxScenarioSchema``), which knows every step verb
    and expectation; this one only documents the top level for the OpenAPI
    document. ``expect`` is optional in the sandbox.
    """

    title = fields.String(required=True, validate=validate.Length(min=1),
                          metadata={"description": "what the scenario shows"})
    id = fields.String(metadata={"description": "'<card-slug>--<what>'; optional here"})
    rulings = fields.List(fields.String(), metadata={"description": "ruling ids (optional)"})
    notes = fields.String()
    setup = fields.Dict(required=True, metadata={"description": "kingdom, players, zones..."})
    steps = fields.List(fields.Dict(), required=True,
                        metadata={"description": "moves, answers and checks, in order"})
    expect = fields.Dict(metadata={"description": "what must hold after the steps (optional)"})


class ExpectationOutcomeSchema(_Out):
    given = fields.Boolean(required=True, metadata={"description": "the scenario expects "
                                                                  "something"})
    held = fields.Boolean(allow_none=True, required=True,
                          metadata={"description": "null when nothing was expected or the run "
                                                   "failed before comparing"})
    mismatches = fields.List(fields.Dict(), required=True,
                             metadata={"description": "each {field, expected, actual}"})


class ScenarioRunSchema(_Out):
    label = fields.String(required=True,
                          metadata={"description": "the engine's answer, not an official ruling"})
    passed = fields.Boolean(required=True)
    expect = fields.Nested(ExpectationOutcomeSchema, required=True)
    scenarios = fields.List(fields.Dict(), required=True,
                            metadata={"description": "one transcript, as the replay endpoint's"})
    permalink = fields.String(allow_none=True, required=True,
                              metadata={"description": "/sandbox?s=... (null for JSON bodies "
                                                       "or when too long for a URL)"})


class ScenarioPageSchema(_Out):
    scenario = fields.Dict(required=True, metadata={"description": "the replay transcript"})


class ScenarioSchema(_Out):
    id = fields.String(required=True)
    title = fields.String(required=True)
    rulings = fields.List(fields.String(), required=True,
                          metadata={"description": "ids of the rulings it demonstrates"})
    transcript = fields.Dict(required=True, metadata={
        "description": "the replay: steps, zones, pass/fail (this engine's, not a ruling)"})
    uri = DerivedString(links.scenario_uri, metadata={"description": "this scenario in the API"})
    web_uri = DerivedString(links.scenario_web_uri, allow_none=True, metadata={
        "description": "its replay page, /scenarios/<id>"})


class AuditSchema(_Out):
    audit = fields.Dict(required=True, metadata={"description": "totals, per set and per card"})
    warnings = fields.List(fields.String(), required=True,
                           metadata={"description": "parameters ignored"})


class PingSchema(_Out):
    ok = fields.Boolean(required=True)
    build_id = fields.String(required=True)


# ----------------------------------------------------------------- page twins
class HumanCitationSchema(_Out):
    document = fields.String(required=True)
    title = fields.String(required=True)
    section = fields.String(required=True, metadata={"description": "the entry or section"})
    quote = fields.String(allow_none=True, required=True)
    url = fields.String(required=True, metadata={"description": "anchor that highlights it"})
    start = fields.Integer(required=True)
    end = fields.Integer(required=True)


class RulingPageSchema(RulingDetailSchema):
    replays = fields.List(
        fields.Dict(), metadata={"description": "replay transcripts of its scenarios"}
    )
    citations = fields.List(fields.Nested(HumanCitationSchema))


class CitationSchema(_Out):
    ruling = fields.Nested(RulingSchema, required=True)
    start = fields.Integer(required=True)
    end = fields.Integer(required=True)
    excerpt = fields.String(allow_none=True, required=True)


class SourcePageSchema(_Out):
    source = fields.Nested(SourceSchema, required=True)
    citations = fields.List(fields.Nested(CitationSchema), required=True)
