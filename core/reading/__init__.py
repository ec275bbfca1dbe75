"""The steps of a reading, in the book's order (§0.3 of the doctrine rules), each a module named by its step.

``step1_usegod`` and ``step1_choice`` choose the use-god; ``step2_state`` is the state of every line, and
``step2_strength`` its weighted supports and injuries; ``step3_usable`` asks whether a line can act, and
``step3_roles`` whether the 元神 can help and the 忌神 harm; ``step4_places`` counts the four places;
``step5_overrides`` applies what the book lets override them; ``step6_amplifiers`` deepens the verdict; ``decision``
runs steps 3 to 6 on the ``verdict`` scale; ``step7_when`` and ``step7_timing`` give the moments (應期).
``pipeline`` reads a chart for a question from start to end (``read``, ``Reading``).
"""
