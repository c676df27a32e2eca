"""marshmallow schemas for every input and output of the JSON API.

They serve three purposes at once: validating query strings and bodies
(``load``), shaping responses (``dump``, which also drops fields a back end
may add later), and generating the OpenAPI document, so the published
contract is the code that enforces it.
"""

from __future__ import annotations

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate, validates_schema

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


# ----------------------------------------------------------------- errors
class ErrorSchema(_Out):
    status = fields.Integer(required=True, metadata={"description": "HTTP status"})
    code = fields.String(required=True, metadata={"description": "machine-readable reason"})
    details = fields.String(required=True, metadata={"description": "what went wrong, for people"})
    warnings = fields.List(fields.String(), required=True)
    candidates = fields.List(
        fields.String(), metadata={"description": "for ambiguous names: the cards it could mean"}
    )
    allowed = fields.List(fields.String(), metadata={"description": "for 405: allowed methods"})
    choices = fields.List(
        fields.String(), metadata={"description": "for an unknown value: the values accepted"}
    )
    fields_errors = fields.Dict(
        data_key="fields", metadata={"description": "for invalid input: messages per field"}
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


class CardListSchema(_Out):
    count = fields.Integer(required=True)
    cards = fields.List(fields.Nested(CardSchema), required=True)


class SourceSchema(_Out):
    id = fields.String(required=True)
    file = fields.String(required=True)
    title = fields.String(required=True)
    sets = fields.List(fields.String(), required=True)
    format = fields.String(required=True)
    sha256 = fields.String(required=True)
    chars = fields.Integer(required=True)


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


class KingdomListSchema(_Out):
    count = fields.Integer(required=True)
    kingdoms = fields.List(fields.Nested(KingdomSchema), required=True)


class BulkSchema(_Out):
    build_id = fields.String(required=True)
    sources = fields.List(fields.Nested(SourceSchema), required=True)
    cards = fields.List(fields.Nested(CardSchema), required=True)
    rulings = fields.List(fields.Nested(RulingSchema), required=True)
    kingdoms = fields.List(fields.Dict(), required=True)


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
    limit = fields.Integer(load_default=10, validate=validate.Range(min=1, max=50))
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


class SearchResultSchema(_Out):
    query = fields.String(required=True)
    filters = fields.Dict(keys=fields.String(), values=fields.String(), required=True)
    count = fields.Integer(required=True, metadata={"description": "hits returned"})
    total = fields.Integer(required=True, metadata={"description": "rulings that match"})
    results = fields.List(fields.Nested(SearchHitSchema), required=True)
    facets = fields.Dict(
        keys=fields.String(),
        values=fields.Dict(keys=fields.String(), values=fields.Integer()),
        required=True,
    )
    warnings = fields.List(fields.String(), required=True)


class SetQuerySchema(Schema):
    set = fields.String(validate=validate.Length(max=40),
                        metadata={"description": "only the cards of this set id"})


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


class ResolvedReferenceSchema(_Out):
    query = fields.String(required=True, metadata={"description": "the name inside [[...]]"})
    want_rulings = fields.Boolean(required=True)
    found = fields.Boolean(required=True)
    card = fields.Nested(CardSchema, allow_none=True, required=True)
    candidates = fields.List(fields.String(), required=True)
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


class AuditSchema(_Out):
    audit = fields.Dict(required=True, metadata={"description": "totals, per set and per card"})


class PingSchema(_Out):
    ok = fields.Boolean(required=True)
    build_id = fields.String(required=True)


# ----------------------------------------------------------------- page twins
class RulingPageSchema(RulingDetailSchema):
    replays = fields.List(
        fields.Dict(), metadata={"description": "replay transcripts of its scenarios"}
    )


class CitationSchema(_Out):
    ruling = fields.Nested(RulingSchema, required=True)
    start = fields.Integer(required=True)
    end = fields.Integer(required=True)
    excerpt = fields.String(allow_none=True, required=True)


class SourcePageSchema(_Out):
    source = fields.Nested(SourceSchema, required=True)
    citations = fields.List(fields.Nested(CitationSchema), required=True)
