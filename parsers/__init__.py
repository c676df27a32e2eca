"""Parsers: pure functions from source-document text to corpus records.

One module per source *format* (``dump`` for the ``:::`` FAQ dump, ``faq`` for
title-plus-paragraph FAQs in text or HTML, ``rulebook`` for the Plunder and
Nocturne rulebooks) plus small shared steps (segmentation, card-name
recognition, icon restoration, cross-references). Nothing here reads files
other than the catalogue data it is handed, and nothing here knows the engine.
"""
