"""The web layer: blueprints for pages and the JSON API, error handling and headers.

Everything here is a thin shell over the corpus, the search index and the
scenario runner; the shared page/API data is assembled in ``views`` so that an
HTML page and its ``.json`` twin can never disagree.
"""
