"""The 六爻 engine: pure, synchronous, typed; no I/O and no prose.

Where things are, in the order a reading uses them: ``values`` (immutable value types); ``chart/`` (building the
chart from a cast and a moment: the facts, never weighed); ``question`` (the matter, whose it is, the use-god the
classics take for it); ``reading/`` (the steps of a reading in the book's order, ``step1_…`` to ``step7_…``, and
``reading.pipeline.read`` that runs them); ``chapters/`` (增刪卜易's chapter for each matter, read beside the steps);
``topics/`` (seed 000's topic chapters), ``stars/`` (神煞) and ``scope`` (which findings a matter reads); ``findings``
(what a reading says, with its rule), ``rules`` (every rule id with its passage) and ``sources`` (the books and
chapters); ``export`` (charts and readings as JSON-ready dicts); ``natal/`` (玉照定真經's natal reading, apart).
"""
