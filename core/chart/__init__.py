"""Building the chart: everything a reading looks at, stated as facts and never weighed.

In the order a chart is built: ``ganzhi`` (stems, branches, elements: the alphabet), ``calendar`` (the pillars of a
moment, with ``jie_table``'s 節 instants), ``cast`` (six line values from coins or text), ``hexagram`` (the 64
hexagrams, palaces, 納甲), ``relations`` (生克, 沖合, 刑害, 十二長生 between branches), ``chart`` (the whole 六爻
chart: lines, 六親, 六神, 伏神, changes, what the month and the day do to each line), ``actors`` (every line,
changed line, hidden line, the month and the day as one kind of thing) and ``combinations`` (branches acting
together: 三合 frames, 三刑, 六害, 助鬼傷身).
"""
