"""The sentence behind every finding and timing key the engine emits (English msgids; catalogs translate them).

Placeholders: ``{line}`` the first place a finding names (rendered by ``render.place``), ``{other}`` the second,
``{branch}``, ``{changed}`` a changed branch, ``{stage}``, ``{count}``, ``{target}`` — all filled with
localized terms; a placeholder named in ``PARAM_WORDS`` is filled with the words for an id or a plain Chinese word
(a direction, a body part …).  A test checks every key the engine can emit has a sentence here and in every catalog.
"""

from __future__ import annotations

from bot.render.i18n import N_

FINDINGS: dict[str, str] = {
    # choosing the use-god
    "use_god_is": N_("The use-god for this question is {target}."),
    "world_is_use_god": N_("A question about oneself is read on the world line: {line}."),
    "strongest_of_several": N_("{count} lines bear the use-god; the strongest is taken: {line}."),
    "candidate_useless": N_("{line} is useless (broken or truly void), so its change stands in: {other}."),
    "month_is_use_god": N_("The use-god is not in the hexagram, so the month stands for it."),
    "hidden_supported": N_("The hidden use-god {line} is supported by the month or the day and can come out."),
    "flying_god_struck": N_("The flying god over it, {other}, is struck by the month or the day, freeing the hidden use-god."),
    "flying_god_presses": N_("The flying god {other} overcomes the hidden use-god and keeps it down."),
    "hidden_stays_hidden": N_("Nothing raises the hidden use-god {line}: it stays hidden."),
    "hidden_cannot_come_out": N_("The hidden use-god {line} is broken or void and cannot come out."),
    "month_as_use_god": N_("The month itself is the use-god and cannot be harmed by any line."),
    "day_rules": N_("The day itself rules the matter."),
    # the month
    "on_month": N_("{line} stands on the month: it holds the season's power."),
    "season_next": N_("{line} is next in strength to the month (the same season)."),
    "month_generates": N_("The month generates {line}: prosperous."),
    "residual": N_("{line} keeps the residual force of the passing season."),
    "month_combines": N_("The month combines with {line}: it is useful."),
    "month_overcomes": N_("The month overcomes {line}."),
    "month_break": N_("{line} is clashed by the month: month-broken, of no use now."),
    "month_break_held": N_("{line} is clashed by the month, but it stands on the day."),
    "break_held_by_day": N_("Standing on the day, {line} is not broken by the month."),
    "out_of_season": N_("{line} is out of season (resting or imprisoned)."),
    # the day
    "on_day": N_("{line} stands on the day: as strong as the month."),
    "day_generates": N_("The day generates {line}."),
    "day_combines": N_("The day combines with {line}."),
    "day_overcomes": N_("The day overcomes {line}."),
    "hidden_movement": N_("The day clashes the strong static {line}: it moves in secret."),
    "void_clash_fills": N_("{line} is void, and the day's clash fills it: it rises and is usable."),
    "day_break": N_("The day clashes the weak {line}: day-broken."),
    "moving_not_dispersed": N_("The day clashes the moving {line}, but a moving line is not dispersed."),
    "tied_by_day": N_("{line} is tied by the day's combination and waits to be clashed open."),
    "tie_waits_for_clash": N_("A tie is opened on the day that clashes it."),
    # void
    "moving_not_void": N_("{line} is void but moving: a moving line is not void to the end."),
    "changed_void_waits": N_("{line} is void now and acts when it leaves the void."),
    "void_now": N_("{line} is void in this ten-day period, even though strong."),
    "void_even_when_strong": N_("Within the ten-day period a void line is void, however strong."),
    "void_not_forever": N_("Being strong, {line} is not void for ever: it is usable once the void ends."),
    "true_void": N_("{line} is void and weak: truly void, empty to the end."),
    # the twelve stages on the day
    "day_stage_strong": N_("{line} is at {stage} on the day."),
    "day_tomb": N_("{line} enters its tomb on the day."),
    "day_cut": N_("{line} is cut off on the day and has no support."),
    # its own change
    "turns_generating": N_("{line} changes into {changed}, which turns back and generates it."),
    "turns_overcoming": N_("{line} changes into {changed}, which turns back and overcomes it."),
    "advances": N_("{line} changes into {changed}: it advances."),
    "retreats": N_("{line} changes into {changed}: it retreats."),
    "changes_to_break": N_("{line} changes into {changed}, which the month breaks."),
    "changes_to_tomb": N_("{line} changes into {changed}, its own tomb."),
    "changes_to_cut": N_("{line} changes into {changed}, where it is cut off."),
    "changes_to_clash": N_("{line} changes into {changed}, which clashes it."),
    "tied_by_change": N_("{line} changes into {changed}, which combines with it: tied, it cannot act."),
    "changes_to_void": N_("{line} changes into {changed}, which is void: it acts when the void ends."),
    "generated_by_change": N_("Its own change {changed} generates {line}."),
    "change_fed_by_month_day": N_("The month or the day feeds {changed}, which feeds {line}: generation passes on."),
    "month_feeds_turn": N_("The month generates {changed}, the change that overcomes {line}: harm is helped along."),
    "day_feeds_turn": N_("The day generates {changed}, the change that overcomes {line}."),
    "turn_attacker_strong": N_("The change {changed} that overcomes {line} has force."),
    # other lines
    "generated_by_line": N_("The moving {other} generates {line}."),
    "overcome_by_line": N_("The moving {other} overcomes {line}."),
    "generated_by_hidden_mover": N_("{other}, moving in secret, generates {line}."),
    "overcome_by_hidden_mover": N_("{other}, moving in secret, overcomes {line}."),
    "attacker_hurt": N_("{other} would overcome {line}, but it is hurt itself and cannot."),
    "tomb_in_line": N_("The moving {other} is the tomb of {line}."),
    "helper_tied": N_("{other} would generate {line}, but its own change ties it."),
    "attacker_tied": N_("{other} would overcome {line}, but its own change ties it."),
    "changed_cannot_reach": N_("The changed line {other} acts only on its own moving line, not on {line}."),
    "static_strong_generates": N_("With no line moving, the strong {other} still generates the weak {line}."),
    "static_strong_overcomes": N_("With no line moving, the strong {other} still overcomes the weak {line}."),
    # the balance
    "rescued": N_("{line} is struck in one place and helped in another: rescued."),
    "outnumbered": N_("{line} has more harm than help."),
    "overcome_without_help": N_("{line} is overcome and nothing helps it: a bad omen."),
    "third_party_harms": N_("Month and day pull against each other over {line}; another line adds harm and decides it."),
    "third_party_helps": N_("Month and day pull against each other over {line}; another line helps and decides it."),
    "month_day_cancel": N_("Month and day pull against each other over {line} and cancel out."),
    "month_withstands_day": N_("Strong on the month, {line} withstands what the day does to it."),
    "on_day_overwhelmed": N_("{line} stands on the day, but harm outnumbers help: it is hurt after all."),
    "hurt_but_waits": N_("{line} holds the month and is hurt, but not destroyed: it waits for its time."),
    # 元神 忌神 仇神
    "roles_named": N_("The source (元神), the harmer (忌神) and the enemy (仇神) are found from the use-god's element."),
    "yuan_can": N_("The source {line} can generate the use-god."),
    "yuan_cannot": N_("The source {line} cannot generate the use-god."),
    "yuan_could": N_("The source {line} has force to generate the use-god, yet it is stopped."),
    "yuan_static": N_("The source {line} is strong but static."),
    "yuan_tied": N_("The source {line} is tied by its own change {changed} and cannot generate the use-god until clashed open."),
    "chain_generation": N_("Harmer and source move together: the harmer feeds the source, the source feeds the use-god."),
    "month_in_chart_yuan": N_("The month itself moves in the hexagram as the source: greater blessing."),
    "ji_can": N_("The harmer {line} can hurt the use-god."),
    "ji_cannot": N_("The harmer {line} cannot hurt the use-god."),
    "ji_could": N_("The harmer {line} has force to hurt the use-god, yet it is stopped."),
    "ji_tied": N_("The harmer {line} is tied by its own change."),
    "month_in_chart_ji": N_("The month itself moves in the hexagram as the harmer: deeper misfortune."),
    "month_feeds_ji": N_("The month supports the harmer {line}."),
    "month_checks_ji": N_("The month restrains the harmer {line}: there is rescue."),
    "chou_moving": N_("The enemy {line} moves: it hurts the source and feeds the harmer."),
    "rootless": N_("The use-god has no root: even a strong source cannot raise it."),
    "role_hidden_movement": N_("{line} is set in motion by the day's clash."),
    "role_void_clash_fills": N_("{line} is void, and the day's clash fills it."),
    "role_month_combines": N_("The month combines with {line}."),
    "beyond_other_lines": N_("No other line can reach {line}; only the month, the day and its own line act on it."),
    # the use-god and the querent
    "use_generates_world": N_("The use-god {line} moves and generates the world line."),
    "chain_to_world": N_("The use-god passes through {other} to the world line: {line} feeds it, it feeds the world."),
    "carrier_can": N_("{other} carries the use-god's force to the world line."),
    "carrier_fed_by_change": N_("{other} is generated by its own change."),
    "carrier_change_void": N_("{other} changes into a void line: it acts when the void ends."),
    # matters
    "wealth_overcomes_world": N_("Wealth overcomes the world line: the money certainly comes."),
    "matter_reading": N_("Read for this matter as the text reads it."),
    "petition_rescues": N_("The parent line helps the use-god: a petition or document brings rescue."),
    "ghost_holds_world": N_("The official-ghost holds the world line: guard against illness."),
    "counterpart_overcomes_world": N_("The response line (the other party) overcomes the world line."),
    "clash_hexagram_recent_illness": N_("A six-clash hexagram: a recent illness is said to heal, yet the use-god decides."),
    "clash_hexagram_partnership": N_("A six-clash hexagram: unfavourable for a partnership."),
    "far_post": N_("The use-god on the top line: a far or frontier post."),
    # 神煞 gathered on one place (001 神煞章: they deepen a reading, they do not decide it)
    "stars_on_use_god": N_("Stars on the use-god {line}: {names}."),
    "stars_on_moving": N_("Stars on the moving {line}: {names}."),
    "stars_on_day": N_("Stars of the day: {names}."),
    # ---- seed 000 topic chapters ----
    # 000 doctrines that 002 (卜筮正宗) rejects, named once per reading
    "conflict_002": N_("The old text here relies on {doctrine}, which 卜筮正宗 rejects: take those sayings as "
                       "colour; the main reading governs."),
    # 年時豐歉: the year, harvest, weather (NS)
    "ns_plenty": N_("{line} is in season or holds the world, the body or the year: the five grains ripen."),
    "ns_famine": N_("Sibling and Officer-Ghost move together ({line}, {other}): famine, year after year."),
    "ns_famine_year_world": N_("{line} stands on the year's branch and holds the world line: a year of dearth."),
    "ns_weather_calm": N_("No Water or Fire line moves: neither drought nor flood, wind and rain in season."),
    "ns_state_peace": N_("All lines are still, yin and yang in balance: the state at peace, the people content."),
    "ns_rain": N_("{line}, a Water line, moves: rain."),
    "ns_clear": N_("{line}, a Fire line, moves: clear, dry weather."),
    "ns_drought": N_("All lines yang, Fire moving ({line}) and the Parent line void or cut off: a year of severe "
                     "drought."),
    "ns_drought_averted": N_("All lines yang with Fire moving ({line}), but the fire turns to Water or the hexagram to "
                             "yin: no drought after all."),
    "ns_flood": N_("All lines yin with Water moving ({line}): floods over the fields."),
    "ns_flood_then_drought": N_("All lines yin with Water moving ({line}) and turning to Fire: flood first, drought "
                                "after."),
    "ns_ghost_still": N_("The Officer-Ghost is still ({line}): no calamity this year."),
    "ns_ghost_metal": N_("{line}, a Metal ghost, moves: fear of war; coughs and asthma among the people."),
    "ns_war": N_("{line}, a Metal ghost riding the {spirit}, moves: armies take the field."),
    "ns_ghost_wood": N_("{line}, a Wood ghost, moves: gales, crops wasted, mulberry leaves dear; wind-illness among "
                        "the people."),
    "ns_ghost_fire": N_("{line}, a Fire ghost, moves: scorched crops and fires; heart ailments, sores and eye "
                        "disease among the people."),
    "ns_ghost_fire_quenched": N_("{line}, a Fire ghost, moves but turns into Water ({other}): no harm."),
    "ns_ghost_earth": N_("{line}, an Earth ghost, moves: epidemics and stomach ailments; only half an autumn harvest."),
    "ns_ghost_water": N_("{line}, a Water ghost, moves: flooded fields; swelling, diarrhoea and back pain among the "
                         "people."),
    "ns_bandits": N_("{line} moves with the {spirit}: bandits swarm."),
    "ns_insects": N_("{line}: insects and locusts attack the crops."),
    "ns_fields_barren": N_("{line} carries the Hooked Array (the fields) and is void: barren fields, a poor crop."),
    "ns_no_harvest": N_("Wealth, the grain, is cut off ({line}) while Siblings move: no harvest."),
    "ns_silkworms_lost": N_("Offspring, the silkworms, is void ({line}) while the Officer-Ghost moves: the spring "
                            "silkworms are lost."),
    "ns_all_flourish": N_("The bottom line (all things) and Wealth (the grain) are both strong and supported: "
                          "everything flourishes, every grain is gathered."),
    "ns_people_suffer": N_("The world line (the land) and the second line (the people) are void, broken or cut off: "
                           "famine at least, disaster at worst."),
    "ns_region_dearth": N_("{line} marks dearth towards the {direction}{calamity}."),
    "ns_region_plenty": N_("{line} marks plenty towards the {direction}."),
    "ns_pox": N_("{line}, a Fire line, carries the Flying Serpent: measles and pox spread."),
    "ns_uncanny": N_("{line}, a Metal line, carries the Flying Serpent: uncanny happenings."),
    "ns_year_line_evil": N_("{line} stands on the year's branch and moves as an ill line: calamity on every side."),
    "ns_year_line_good": N_("{line} stands on the year's branch and moves as a good line: peace in every region."),
    "ns_year_overcomes_world": N_("The year {year} overcomes the world line ({line}): calamity."),
    # 身命造化: one's own life (SM)
    "sm_world_weak": N_("The world line is weak or at its tomb or extinction ({line}): a life of setbacks."),
    "sm_world_strong": N_("The world line is strong and supported ({line}): if not honoured, then rich."),
    "sm_body_strong": N_("The hexagram body {body} is in season: a life with lustre."),
    "sm_body_weak": N_("The hexagram body {body} is out of season: a life with little lustre."),
    "sm_world_void": N_("The world line is void ({line}): the classic doubts a long life — except for wandering "
                        "practitioners, who gain empty-handed but cannot save."),
    "sm_wife_response_fallen": N_("The response line, read as the wife in this chapter, is void or broken ({line}): "
                                  "the classic fears for the wife or her support."),
    "sm_rich_honoured": N_("Wealth and Offspring are both present and the world line is strong ({line}): rich and "
                           "honoured."),
    "sm_poor_lowly": N_("Sibling and Officer-Ghost move while the world line is weak ({line}): poor and lowly."),
    "sm_offspring_strong": N_("{line} is strong: with Offspring in season, one never falls foul of the law."),
    "sm_wealth_strong": N_("{line} is strong: with Wealth thriving, trade prospers."),
    "sm_brothers_moving": N_("{line} moves: a moving Sibling harms the wife and drains savings."),
    "sm_parents_moving": N_("{line} moves: a moving Parent weighs on the children but adds to one's own years."),
    "sm_offspring_moving": N_("{line} moves: a moving Offspring checks the Officer-Ghost — no punishment to fear."),
    "sm_wealth_moving": N_("{line} moves: a moving Wealth weighs on the parents; if strong, it builds the family."),
    "sm_ghost_moving_yin": N_("{line} moves as a yin line: illness."),
    "sm_ghost_moving_yang": N_("{line} moves as a yang line: lawsuits and official trouble."),
    "sm_entombed_with_ghost": N_("{line} stands for the self and enters its tomb on the day with the Officer-Ghost: "
                                 "illness and misfortune."),
    "sm_wealth_feeds_ghost": N_("{line}, Wealth on the day's branch, moves and feeds the Officer-Ghost that overcomes "
                                "the world line: ruin through money or lust."),
    "sm_world_generated": N_("The world line is generated or supported ({line}): good."),
    "sm_world_overcome": N_("The month or the day overcomes the world line ({line}): bad."),
    "sm_world_combined": N_("The month or the day combines with the world line ({line}): good."),
    "sm_world_day_clash": N_("The day clashes the world line ({line}): a light harm."),
    "sm_world_month_break": N_("The month breaks the world line ({line}): the classic's gravest sign — whatever "
                               "supports it, it does not promise a long life."),
    "sm_body_overcome": N_("The month or the day overcomes the hexagram body {body}: bad."),
    "sm_year_clashes_world": N_("The year {year} clashes the world line ({line}): guard against illness."),
    "sm_year_clashes_body": N_("The year {year} clashes the hexagram body: guard against illness."),
    "sm_year_evil_relation": N_("The year {year} falls on {relation}: no lucky star makes such a year good."),
    "sm_six_clash": N_("A six-clash hexagram: everything hollow, the family property dwindles."),
    "sm_six_harmony": N_("A six-harmony hexagram: a solid life, skills flourish."),
    "sm_season_offspring_wood": N_("{line}, Wood Offspring in a spring month ({month}): lasting glory."),
    "sm_season_wealth_metal": N_("{line}, Metal Wealth in an autumn month ({month}): wealth and blessing."),
    "sm_season_water_brothers": N_("{line}, Water Sibling in a winter month ({month}), overcomes the world line: the "
                                   "family property is lost."),
    "sm_season_fire_parents": N_("{line}, Fire Parent in a summer month ({month}), generates the body: success in "
                                 "examinations."),
    "sm_official_ghost_world": N_("{line}, an Officer-Ghost on the world or the body: for an official, promotion."),
    "sm_commoner_ghost_world": N_("{line}, an Officer-Ghost on the world or the body: for a commoner, illness and "
                                  "lawsuits."),
    "sm_no_officer": N_("No Officer-Ghost in the hexagram: nothing checks the Siblings, wealth slips away and fame "
                        "stays obscure."),
    "sm_no_offspring": N_("No Offspring in the hexagram: the classic reads a lonely life, short of heirs."),
    "sm_brothers_void": N_("The Sibling lines are void ({line}): brothers without warmth."),
    "sm_parents_fallen": N_("The Parent lines are void or broken ({line}): harm to the parents."),
    "sm_world_overcomes_weak_wealth": N_("The world line overcomes a weak Wealth ({other}): rich, but never "
                                         "abundantly."),
    "sm_body_overcomes_weak_ghost": N_("The hexagram body overcomes a weak Officer-Ghost: honour, but not lofty."),
    "sm_brothers_rule": N_("{line} holds power while Wealth has no strength: enough for now, scattered later."),
    "sm_office_without_promotion": N_("Offspring holds the world and the Officer-Ghost is weak ({other}): an office "
                                      "held, but no promotion."),
    "sm_many_ghosts_no_wealth": N_("Several Officer-Ghosts and no Wealth: wealth and rank do not last."),
    "sm_many_wealth_no_ghost": N_("Several Wealth lines and no Officer-Ghost: glory like floating clouds."),
    "sm_no_lu_ma": N_("Neither Wealth nor Officer-Ghost (salary and rank) appears: a lifetime of empty fame and empty "
                      "gain."),
    "sm_lu_ma_unsettled": N_("Wealth or Officer-Ghost moves or is void ({line}): salary and rank are unsettled."),
    "sm_lu_ma_settled": N_("Wealth and Officer-Ghost are both present, still and strong: one builds house and estate."),
    "sm_offspring_in_power": N_("{line} holds power (on the month, the day, the world or the body): joy at home, "
                                "flowers on brocade abroad."),
    "sm_wealth_fallen": N_("Every Wealth line is void or broken ({line}): a bleak livelihood."),
    "sm_offspring_fallen": N_("Every Offspring line is void or broken ({line}): a bleak livelihood."),
    "sm_wealth_rising": N_("Wealth stands at the {stage} stage ({line}): fortune comes unsought."),
    "sm_wealth_dying": N_("Wealth stands at the {stage} stage ({line}): the classic reads an unsettled, drifting "
                          "life."),
    "sm_world_declining": N_("The world line stands at the {stage} stage ({line}): the family property fades."),
    "sm_evil_restrained": N_("{line} moves as an ill line, but the month or the day clashes or punishes it: the "
                             "trouble loses its hold."),
    "sm_evil_spirit_moving": N_("{line} moves under the {spirit}: an ill sign."),
    "sm_world_birth_void": N_("The world line and the birth-year branch {birth} are both void: many rises and "
                              "falls."),
    "sm_world_tiger_ghost": N_("The world line is an Officer-Ghost under the White Tiger ({line}): illness on top of "
                               "calamity."),
    "sm_body_dragon_offspring": N_("The body falls on Offspring under the Azure Dragon ({line}): joy upon joy."),
    "sm_world_dragon_offspring": N_("Offspring under the Azure Dragon holds the world line and is supported ({line}): "
                                    "a serene, blessed life."),
    "sm_ghost_world_spirit": N_("The world line is an Officer-Ghost under the {spirit} ({line}): {failing}."),
    "sm_ghost_overcomes_world": N_("{line} overcomes the world line: beware {peril}{beast}."),
    "sm_aggressor": N_("{line} moves against the world line: wrong done by {aggressor}{resolution}."),
    "sm_helper": N_("{line} moves and generates the world line: help from {helper}."),
    "sm_body_helper": N_("{line} moves and generates the hexagram body: help from {helper}."),
    "sm_travel_abroad": N_("A wandering-soul hexagram with the world line moving ({line}): one goes to live "
                           "elsewhere."),
    "sm_travel_possible": N_("The world line moves ({line}): travel is possible."),
    "sm_stay_home": N_("A returning-soul hexagram with the world line still ({line}): one stays at home; good for "
                       "returning."),
    "sm_keep_old": N_("The inner trigram (staying) is in season, the outer (going) is not: keep to the old."),
    "sm_go_out": N_("The outer trigram (going) is in season, the inner (staying) is not: going out succeeds."),
    # 身命造化: the age periods 大限/小限 (XL), a doctrine 002 rejects
    "xl_roots_strong": N_("Both trigrams of the primary hexagram are in season: the family fortune is solid."),
    "xl_roots_weak": N_("Both trigrams of the primary hexagram are out of season: the family fortune is meagre."),
    "xl_period": N_("Ages {ages}: the {period} runs on the {position} of {hexagram}, {relation} {branch}."),
    "sm_period_blessed": N_("The current {period} falls on {relation}: no ill star makes it bad."),
    "sm_period_evil": N_("The current {period} falls on {relation}: no lucky star makes it good."),
    "xl_period_supports_world": N_("The {period} line {branch} generates or combines with the world line: a good "
                                   "stretch."),
    "xl_period_attacks_world": N_("The {period} line {branch} overcomes or clashes the world line: a hard stretch."),
    "xl_year_supports_world": N_("The year {year} generates or combines with the world line ({line}): a good year."),
    "xl_year_attacks_world": N_("The year {year} overcomes the world line ({line}): a hard year."),
    "sm_body_period_void": N_("The hexagram body {body} and the period line are both void: much toil, little "
                              "achieved."),
    # 身命造化: where illness strikes (BT) and which way to go (FX)
    "bt_chronic_illness": N_("The world line is an Officer-Ghost under the White Tiger and no Offspring appears "
                             "({line}): the classic reads a lasting, chronic illness."),
    "bt_illness_site": N_("{line} moves in the {trigram} trigram: a {severity} illness of the {part} or the {organ}."),
    "bt_illness_part": N_("{line} moves: illness touches the {part}."),
    "fx_go": N_("Go towards the {direction}: {why}."),
    "fx_avoid": N_("Avoid the {direction}: {why}."),
    "fx_company": N_("Towards the {direction}, which combines with the use-god, one meets congenial people; neither "
                     "good nor bad."),
    # 身命造化: another person's life by their relation (LQ)
    "lq_strong_helped": N_("{line} is strong and supported: good for this person's life."),
    "lq_weak_attacked": N_("{line} is weak and attacked: bad for this person's life."),
    "lq_use_void": N_("{line} is void: the classic fears the void for this person."),
    "lq_wealth_moving": N_("Wealth moves ({other}) and overcomes the Parent: bad for the parents."),
    "lq_officer_rising": N_("The Officer-Ghost is moving or strong ({other}) and generates the Parent: good for the "
                            "parents."),
    "lq_seal_strong": N_("The Parent is strong ({other}) and presses on the Offspring: the seal should be weak."),
    "lq_seal_weak": N_("The Parent is weak ({other}): good for the children, for the seal should be weak."),
    "lq_year_parents": N_("The year falls on Parent, which overcomes Offspring: a hard year for the children."),
    "lq_year_brothers": N_("The year falls on Sibling, which generates Offspring: a good year for the children."),
    "lq_parents_moving": N_("A Parent moves ({other}) and generates the Sibling: good."),
    "lq_ghost_moving": N_("An Officer-Ghost moves ({other}) and overcomes the Sibling: bad."),
    "lq_offspring_moving": N_("Offspring moves ({other}) and generates Wealth: good for the wife."),
    "lq_brothers_moving": N_("A Sibling moves ({other}) and robs Wealth: bad for the wife."),
    "lq_officer_strong": N_("{line} is strong: the husband's (or the official's) glory grows."),
    "lq_officer_weak": N_("{line} is weak: the husband's (or the official's) glory fades."),
    "lq_offspring_moving_against": N_("Offspring moves ({other}) and overcomes the Officer-Ghost: bad for the "
                                      "husband."),
    "lq_wealth_rising": N_("Wealth is moving or strong ({other}) and generates the Officer-Ghost: good for the "
                           "husband."),
    "lq_use_god_by_relation": N_("This person is read on their own relation line, {line}, not on the response line "
                                 "as this chapter has it."),
    "use_god_by_relation": N_("A relative's life is read on the line of their relation: {line}."),
    # 六親壽命: lifespan (SY)
    "sy_use_god": N_("The lifespan is read on {line}."),
    "sy_strong_entombed": N_("{line} is strong but falls into its tomb or extinction: the classic does not promise a "
                             "long life."),
    "sy_strong_still": N_("{line} is strong and still: a long life."),
    "sy_changes_to_support": N_("{line} moves and its change turns back to generate it: a long life."),
    "sy_tortoise": N_("{line} moves into its own support and nothing threatens it: the years of a tortoise."),
    "sy_weak_revives": N_("{line} is weak but changes to the {stage} stage: years are added."),
    "sy_origin_present": N_("{line} is still and the line that generates it is present ({other}): a steady old age."),
    "sy_void": N_("{line} is void: a candle in the wind — the classic fears a short life."),
    "sy_broken": N_("{line} is broken by the month: a candle in the wind — the classic fears a short life."),
    "sy_cut_revived": N_("{line} is at extinction but something generates it: life found where it was cut off, "
                         "danger survived."),
    "sy_cut": N_("{line} is at extinction with nothing to revive it: the classic reads this as a sign of a short "
                 "life."),
    "sy_pine": N_("Day and month both support {line}: a pine in the valley — long life."),
    "sy_helped": N_("{line} is supported: a longer life."),
    "sy_strong_withstands": N_("{line} is strong: hurt, yet its years are not shortened."),
    "sy_weak_harmed": N_("{line} is weak and under attack: the classic reads this as a threat to life even in "
                         "apparent health."),
    "sy_parents_fallen": N_("The Parent, keeper of longevity, is void or broken ({line}): the classic doubts a long "
                            "life."),
    "sy_parents_strong": N_("The Parent, keeper of longevity, is strong ({line}): years are added."),
    "sy_parents_moving_junior": N_("The Parent moves ({line}): for a junior's life it should be still."),
    "sy_void_decade": N_("The classic looks for the end of life in the years {decade}–{last}, in which {branch} is "
                         "void."),
    "sy_clash_year": N_("A {year} year strikes {line} in stem and branch (天剋地沖): the classic marks it as a year "
                        "of danger to life."),
    # 倩媒說合: the go-between (MS)
    "ms_go_between_void": N_("The go-between (the response line) is void ({line}): nothing comes of it."),
    "ms_go_between_clashed": N_("The day clashes the go-between ({line}): unreliable."),
    "ms_go_between_broken": N_("The month breaks the go-between ({line}): nothing comes of it."),
    "ms_go_between_cut": N_("The go-between is at extinction ({line}): nothing comes of it."),
    "ms_go_between_punished": N_("The month or the day punishes the go-between ({line}): trouble in the mediation."),
    "ms_go_between_able": N_("The go-between is strong and supported ({line}): capable."),
    "ms_go_between_combined": N_("The month or the day combines with the go-between ({line}): helpful."),
    "ms_go_between_scheming": N_("The go-between ({line}) overcomes the world line: a schemer."),
    "ms_go_between_kind": N_("The go-between ({line}) generates the world line: a good matchmaker, on your side."),
    "ms_between_weak": N_("{line}, a go-between line between world and response, is void, broken or cut off: of no "
                          "use."),
    "ms_between_able": N_("{line}, a go-between line between world and response, is strong or supported: capable."),
    "ms_both_present": N_("Wealth and Officer-Ghost are both present: the match can be made."),
    "ms_no_officer": N_("No Officer-Ghost in the hexagram: the match will not be harmonious."),
    "ms_no_wealth": N_("No Wealth in the hexagram: the match is hard to make."),
    "ms_parties_void": N_("The world or the response line is void ({line}): hard, even with Wealth and "
                          "Officer-Ghost."),
    "ms_frame_praise": N_("A {element} three-harmony frame forms: the go-between speaks well of you."),
    "ms_six_harmony": N_("A six-harmony hexagram: the marriage is made."),
    "ms_six_clash": N_("A six-clash hexagram: not yet; the mediation goes poorly."),
    "ms_harmony_then_clash": N_("Six-harmony turning into six-clash: almost made, then a change."),
    # 婚姻嫁娶: marriage (HY)
    "hy_pure_yang": N_("All six lines are yang: the classic reads the man as left without a wife."),
    "hy_pure_yin": N_("All six lines are yin: the classic reads the woman as left without a husband."),
    "hy_in_place": N_("Yang on the husband's side, yin on the wife's, in trigrams and in world and response: yin "
                      "and yang in place — lifelong harmony."),
    "hy_no_union": N_("Husband's and wife's sides are all yang or all yin: pure yin does not bear, pure yang does "
                      "not transform — no union."),
    "hy_half_good": N_("One pair of sides has yin and yang in place, the other is all yang or all yin: half "
                       "auspicious."),
    "hy_in_place_crossed": N_("One pair of sides has yin and yang in place, the other has them crossed: good on the "
                              "whole."),
    "hy_crossed": N_("Yin and yang are crossed between the husband's and the wife's sides: each half satisfied."),
    "hy_both_present": N_("Officer-Ghost (the husband) and Wealth (the wife) are both present: they grow old "
                          "together."),
    "hy_no_wife": N_("No Wealth in the hexagram: a husband without a wife."),
    "hy_no_husband": N_("No Officer-Ghost in the hexagram: a wife without a husband."),
    "hy_bride_strong": N_("The bride's line is strong ({line}): good for a man taking a wife."),
    "hy_bride_weak": N_("The bride's line is weak ({line}): a man taking a wife wants it strong."),
    "hy_groom_strong": N_("The husband's line is strong ({line}): good for a woman seeking a husband."),
    "hy_groom_weak": N_("The husband's line is weak ({line}): a woman seeking a husband wants it strong."),
    "hy_families": N_("The man's family is {man}, the woman's {woman} (world and response lines)."),
    "hy_groom_house": N_("By trigram and line ({line}): a {family} family, a {looks} groom."),
    "hy_bride_house": N_("By trigram and line ({line}): a {family} family, a {looks} bride."),
    "hy_husband_void": N_("The husband's line is void ({line}): the classic doubts the husband's long life."),
    "hy_husband_cut": N_("The husband's line is at extinction ({line}): the classic fears losing the husband."),
    "hy_husband_supported": N_("The husband's line is supported ({line}): good."),
    "hy_wife_fallen": N_("The wife's line is void or broken ({line}): the classic doubts the wife's long life."),
    "hy_wife_strong": N_("The wife's line is strong ({line}): good."),
    "hy_go_between_weak": N_("{line}, {side} go-between, is void, broken or cut off: of no use."),
    "hy_go_between_able": N_("{line}, {side} go-between, is strong or supported: capable."),
    "hy_offspring_moving": N_("Offspring moves ({line}): it harms the husband."),
    "hy_offspring_moving_resolved": N_("Offspring moves ({line}), but Wealth moves too and passes it on: no harm to "
                                       "the husband."),
    "hy_offspring_void": N_("Offspring is void ({line}): the classic reads no son."),
    "hy_offspring_cut": N_("Offspring is at extinction with nothing to help it ({line}): the classic reads no son."),
    "hy_many_children": N_("Offspring is at extinction but supported ({line}): many children."),
    "hy_offspring_sound": N_("Offspring is strong and still ({line}): heirs are assured."),
    "hy_wife_ill": N_("The wife's line is clashed or turns into an Officer-Ghost ({line}): a wife often ill, in the "
                      "{part}."),
    "hy_husband_ill": N_("The husband's line is punished, clashed or turns bad ({line}): a husband often ill, in the "
                         "{part} or the {organ}."),
    "hy_bond_lasting": N_("The world line and the spouse ({other}) combine and generate: a lasting bond."),
    "hy_bond_combined": N_("The world line and the spouse ({other}) combine: a good bond."),
    "hy_bond_parting": N_("The world line and the spouse ({other}) clash and overcome: the classic reads parting."),
    "hy_bond_clashed": N_("The world line and the spouse ({other}) clash: discord."),
    "hy_rich_dowry": N_("Strong Wealth and a strong response line generate the world line: a rich dowry."),
    "hy_meagre_gifts": N_("A weak world line, and a weak Officer-Ghost overcoming the response: meagre betrothal "
                          "gifts."),
    "hy_man_unwilling": N_("The world line is void or clashed ({line}): the man's family is not keen."),
    "hy_woman_unwilling": N_("The response line is void, clashed or moving ({line}): the woman's family may change "
                             "its mind."),
    "hy_six_harmony": N_("A six-harmony hexagram: lasting harmony."),
    "hy_six_clash": N_("A six-clash hexagram: discord between husband and wife."),
    "hy_reunion": N_("Six-clash turning into six-harmony, after the wedding: separation, then reunion."),
    "hy_clash_to_harmony_unmatched": N_("Six-clash turning into six-harmony, before the wedding: the match will not "
                                        "be made."),
    "hy_harmony_to_clash": N_("Six-harmony turning into six-clash: joy first, discord later."),
    "hy_harmony_clashed_open": N_("A six-harmony hexagram clashed open by the month or the day: joy first, discord "
                                  "later."),
    "hy_pair_turns_to_clash": N_("{line} changes into {other}, which clashes it: joy first, discord later."),
    "hy_parents_harm_children": N_("Parent is strong ({line}) with no Sibling to pass it on: it harms the children."),
    "hy_wealth_harms_inlaws": N_("Wealth is strong ({line}) with no Officer-Ghost to pass it on: it harms the "
                                 "parents-in-law."),
    "hy_parents_moving": N_("Parent moves ({line}) and no Sibling moves to pass it on: it harms the children."),
    "hy_wealth_moving": N_("Wealth moves ({line}) and no Officer-Ghost moves to pass it on: it harms the "
                           "parents-in-law."),
    "hy_brothers_moving": N_("Sibling moves ({line}): it harms the wife."),
    "hy_brothers_moving_resolved": N_("Sibling moves ({line}), but Offspring moves too and passes it on: no harm to "
                                      "the wife."),
    "hy_bride_character": N_("Wealth carries the {spirit} ({line}): the bride is {character}."),
    # ---- seed 001: 局會, 刑害, 助鬼傷身, 神煞 ----
    # 局會: three-harmony frames
    "frame_supports": N_("The {frame} {element} frame forms and strengthens {line}, of its own element."),
    "frame_generates": N_("The {frame} {element} frame forms and generates {line}."),
    "frame_overcomes": N_("The {frame} {element} frame forms and overcomes {line}."),
    "world_in_frame": N_("The world line ({line}) stands inside the {frame} {element} frame: the gain is the asker's."),
    "frame_not_formed": N_("The {frame} {element} frame that would act on {line} does not form: {reason}."),
    "frame_acts": N_("The frame acts on {line} as one element (三合局)."),
    "absorbed_in_frame": N_("{other} joins the frame acting on {line}: its force is counted with the frame."),
    "frame_counted": N_("The frame acting on {line} is counted in its balance of help and harm."),
    "role_in_frame": N_("{line} acts through the frame it joins, not on its own."),
    # 三刑
    "punished": N_("{line}, the {subject}, is punished (刑) by {other}: harm, lighter than void or month break."),
    "punished_and_clashed": N_("{line}, the {subject}, is punished and clashed by {other}: heavier harm."),
    "punished_true": N_("{line}, the {subject}, suffers a true punishment from {other}: punished and clashed, the "
                        "whole group present."),
    "punishment_adds": N_("The punishment of {line} adds to what overcomes it."),
    "punished_lifetime": N_("{line}, the {subject}, is punished: in a life, kin harm kin."),
    "punished_marriage": N_("The spouse's line is punished ({line}): one family's standing presses on the other."),
    "punished_career": N_("{line}, the {subject}, is punished: for one in office, mourning in the household."),
    "punished_illness": N_("{line}, the {subject}, is punished: beware a lasting infirmity."),
    "punished_world_ghost_overcomes": N_("In a lawsuit the Officer-Ghost overcomes the world line ({line}) and the "
                                         "world is punished too: gravely bad."),
    # 六害
    "harmed_overcome": N_("{line}, the {subject}, is harmed (六害) and overcome by {other}: held down."),
    "harmed_overcoming": N_("{line}, the {subject}, overcomes {other} in a six-harm (六害): ill will, little more."),
    "harmed_generating": N_("{line}, the {subject}, and {other} stand in a six-harm (六害), one generating the other: "
                            "friendly outside, hostile within."),
    "response_harms_world": N_("The response line ({other}) harms and overcomes the world line ({line}): the other "
                               "side holds you down."),
    # 助鬼傷身: the day gives birth to the ghost that overcomes the world
    "zhu_gui_general": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                          "bad where the ghost is feared, good on the whole where office is sought."),
    "zhu_gui_overcomes_world": N_("Still, the Officer-Ghost overcoming the world line ({line}) counts against you."),
    "zhu_gui_marriage_wife": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                                "taking a wife, the bride proves unworthy."),
    "zhu_gui_marriage_husband": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                                   "for a woman asking about a husband, this turns good."),
    "zhu_gui_household_spirit": N_("{line} carries the {spirit}: {omen} in the household."),
    "zhu_gui_lifetime": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                           "harm taken for fortune — ruin through money or lust."),
    "zhu_gui_household": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                            "the master chases profit, forgets the harm, and loses."),
    "zhu_gui_career": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                         "for office, a sudden rise."),
    "zhu_gui_lawsuit": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                          "fear of heavy punishment."),
    "zhu_gui_lost": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                       "fear of being robbed again."),
    "zhu_gui_wealth": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                         "harm from reckless seeking."),
    "zhu_gui_travel": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                         "danger on the road."),
    "zhu_gui_illness": N_("The Officer-Ghost overcoming the world line ({line}) is born on the day: "
                          "still bound to the sickbed."),
    # 神煞 one by one (they deepen a reading, they do not decide it)
    "star_on_use_god": N_("{line}, the use-god, carries the star {name}."),
    "star_on_moving": N_("{line}, in motion, carries the star {name}."),
    "star_on_day": N_("The day itself carries the star {name}."),
    # 增刪卜易 itself: choosing among copies (JS-07, LX-02, FS-01/08), the 世 read with the use-god (JS-14)
    "the_moving_copy": N_("{count} lines bear the use-god; of them only {line} moves, and the moving one is taken."),
    "the_copy_on_world": N_("{count} lines bear the use-god; {line} holds the world line and is taken."),
    "the_void_copy": N_("{count} lines bear the use-god; {line} is void, and the void one is taken."),
    "the_broken_copy": N_("{count} lines bear the use-god; {line} is broken by the month, and the broken one is taken."),
    "the_strongest_copy": N_("{count} lines bear the use-god; the strongest, {line}, is taken."),
    "changed_before_hidden": N_("No line bears the use-god, but a change does: {line} comes before any hidden line."),
    "day_is_use_god": N_("No line bears the use-god: the day stands for it."),
    "void_or_broken_copy_times": N_("{line}, the void or broken copy of the use-god, tells when it happens."),
    "world_read_with_use_god": N_("For one's own matter the world line ({line}) is read together with the use-god."),
    "response_read_with_use_god": N_("A teacher is another person: the response line ({line}) is read together with "
                                     "the use-god."),
    "sky_read_with_use_god": N_("No line of rain or of sun moves: the sky a moving line turns into ({line}) is read "
                                "together with the use-god."),
    # can it act (now, later, never)
    "acts_now": N_("{line} can act now."),
    "month_or_day_rules": N_("The month or the day itself is the use-god: nothing in the hexagram can harm it."),
    "true_void_never": N_("{line} is truly void (void in the season that overcomes it): empty to the end."),
    "broken_to_the_end": N_("{line} is month-broken, static and unsupported: broken to the end."),
    "day_broken_useless": N_("{line} is weak and clashed by the day: day-broken, of no use."),
    "real_tomb": N_("{line} is weak, struck and in an intact tomb: a real tomb."),
    "cut_weak_and_struck": N_("{line} is cut off, weak and struck: it cannot rise."),
    "void_waits": N_("{line} is void but has force: it only waits to be clashed or to leave the void."),
    "void_waits_for_the_whole": N_("{line} is void and weak: it fills only if the whole picture is good."),
    "void_to_the_end": N_("{line} is void and weak, and the picture is not good: void to the end."),
    "void_clashed_full": N_("{line} is void, but the day clashes it: the clash fills it, and it acts now."),
    "broken_but_moving": N_("{line} is month-broken but moving: a moving line still acts."),
    "broken_waits": N_("{line} is month-broken but supported: it acts once the month is past, combined or filled."),
    "changed_broken_waits": N_("{line}, a change, is month-broken: broken only while this month lasts, it acts once "
                               "the month is past."),
    "tied_waits_for_clash": N_("{line} moves but the day or the month ties it: it acts when clashed open."),
    "tomb_waits_for_clash": N_("{line} is in its tomb: it comes out when the tomb is clashed open."),
    "hidden_comes_out": N_("{line} has help and can come out."),
    "hidden_leaves_void": N_("{line} has force but is void: it comes out when it leaves the void."),
    "hidden_never_out": N_("{line} is weak and nothing raises it: it never comes out."),
    "hidden_struck_by_time": N_("The month or the day strikes {line}: it cannot come out."),
    "hidden_weak_and_empty": N_("{line} is weak and void or broken: it cannot come out."),
    "hidden_pressed_down": N_("The strong line above, {other}, overcomes {line} and keeps it down."),
    "hidden_entombed": N_("{line} is in its tomb or cut off: it cannot come out."),
    "party_cannot_act": N_("{line} would act on {other}, but it cannot now."),
    # the four places (JS-06)
    "places_all_support": N_("Of the four places, {support} support the use-god and none strike it: good."),
    "places_weak_support": N_("Only a weak place supports the use-god, and none strike it."),
    "places_more_support": N_("Of the four places, {support} support the use-god and {attack} strike it."),
    "places_support_weaker": N_("More places support the use-god ({support} against {attack}), but the strikers are stronger."),
    "places_even_support_stronger": N_("As many places support as strike ({support} each); the supporters are stronger."),
    "places_even_attack_stronger": N_("As many places support as strike ({support} each); the strikers are stronger."),
    "places_even_use_strong": N_("As many places support as strike ({support} each); the use-god itself is strong."),
    "places_even": N_("As many places support as strike ({support} each): the matter hangs in the balance."),
    "places_even_use_weak": N_("As many places support as strike ({support} each), and the use-god itself is weak."),
    "places_rescued": N_("{attack} places strike the use-god, but a strong one supports it: rescued in the face of harm."),
    "places_rescued_outnumbered": N_("{attack} places strike the use-god against {support} support: outnumbered."),
    "places_weak_attack": N_("One weak place strikes the use-god and none support it."),
    "places_attack_withstood": N_("One place strikes the use-god, which is strong enough to withstand it."),
    "places_overwhelmed": N_("{attack} places strike the use-god and nothing strong supports it: bad."),
    "places_ghost_struck_away": N_("The Officer-Ghost on the world line is the burden itself: what strikes it "
                                   "lifts the burden, and {support} places do."),
    "places_alone_strong": N_("Nothing acts on the use-god, and it is strong in itself."),
    "places_alone": N_("Nothing acts on the use-god; it has some force of its own."),
    "places_alone_weak": N_("Nothing acts on the use-god, and it is weak: it waits for what will generate it."),
    "places_alone_lost": N_("Nothing acts on the use-god, and it is lost (broken, truly void or entombed)."),
    # the overrides
    "use_god_turns_overcoming": N_("{line} changes into {changed}, which turns back and overcomes it: the gravest sign."),
    "use_god_turns_generating": N_("{line} changes into {changed}, which turns back and generates it."),
    "use_god_advances": N_("{line} is strong and advances into {changed}: it grows."),
    "use_god_advances_later": N_("{line} advances into {changed}: it grows once its time comes."),
    "obstacle_advances": N_("{line}, which strikes the use-god, advances into {changed}: the harm grows."),
    "traveller_tied": N_("{line} moves but the day or the month ties it: something holds the traveller back, and "
                         "the journey does not start."),
    "use_god_retreats": N_("{line} is weak and retreats into {changed}: it falls back now."),
    "use_god_retreats_later": N_("{line} retreats into {changed}: it falls back once its strength passes."),
    "changes_into_office": N_("The strong {line} changes into the Officer-Ghost: office comes."),
    "changes_into_ghost": N_("{line} changes into the Officer-Ghost: trouble at the end."),
    "guarded_safe": N_("Offspring acts in the chart (or guards the world line): safe even in the tiger's mouth."),
    "use_god_changes_into_tomb": N_("The weak {line} changes into its tomb {changed}."),
    "use_god_changes_into_cut": N_("The weak {line} changes into {changed}, where it is cut off."),
    "use_god_in_reversal_struck": N_("{line} moves in a reversing trigram and is struck by its change: very bad."),
    "use_god_in_reversal": N_("{line} moves in a reversing trigram: back and forth before it settles."),
    "hexagram_in_reversal": N_("A trigram of the hexagram reverses itself: the matter goes and comes back, made and "
                               "unmade, before it settles."),
    "use_god_groaning": N_("{line} moves in a groaning trigram: stuck, wanting to move and unable to."),
    "clash_turns_harmony": N_("A six-clash hexagram changes into a six-harmony one: scattered, then gathered again."),
    "harmony_turns_clash": N_("A six-harmony hexagram changes into a six-clash one: a good start and a bad end."),
    "harmony_turns_clash_disperses": N_("A six-harmony hexagram changes into a six-clash one: the trouble breaks up."),
    "clash_disperses_trouble": N_("The six-clash hexagram disperses the trouble."),
    "clash_scatters_weak": N_("The six-clash hexagram scatters a weak use-god."),
    "harmony_holds_trouble": N_("The six-harmony hexagram holds the trouble together: it drags on."),
    "harmony_holds_together": N_("The six-harmony hexagram holds together a use-god with strength (in season or "
                                 "supported): lasting good."),
    "hexagram_turns_overcoming": N_("The hexagram changes into one whose element overcomes it: bad whatever the use-god."),
    "hexagram_turns_generating": N_("The hexagram changes into one whose element generates it."),
    "recent_illness_void_heals": N_("A recent illness with {line} void: it heals on the day it leaves the void."),
    "recent_illness_clash_heals": N_("A recent illness in a six-clash hexagram heals without medicine."),
    "long_illness_void_or_broken": N_("A long illness with {line} void or broken: dangerous."),
    "long_illness_clash": N_("A long illness in a six-clash hexagram is hard to cure."),
    "long_illness_turns_bad": N_("A long illness with {line} changing for the worse: dangerous."),
    "strong_use_god_heals_either_illness": N_("{line} is strong and supported: the illness heals whether it is "
                                              "recent or long, six-clash or not."),
    "life_ebbs_in_long_illness": N_("In a long illness {line} retreats into {changed}: not the illness retreating, "
                                    "but the life ebbing away."),
    "sibling_holds_world": N_("The Sibling holds the world line: money is hard to come by."),
    "child_holds_world_office": N_("Offspring holds the world line: the office fails, like scooping the moon from "
                                   "the water."),
    "child_holds_world_safe": N_("Offspring holds the world line: safe, nothing to fear."),
    "ghost_holds_world_worry": N_("The Officer-Ghost holds the world line: the worry is hard to lift."),
    "child_holds_world_heals": N_("Offspring holds the world line: it heals."),
    "strong_office_holds_world": N_("A strong Officer-Ghost holds the world line ({line}): the name is as easy to win "
                                    "as picking up a mustard seed."),
    "office_feeds_world": N_("The moving Officer-Ghost {line} generates or combines with the world line ({other}): "
                             "the name is as easy to win as picking up a mustard seed."),
    "wealth_holds_world": N_("The Wealth line holds the world line ({line}): money comes as easily as plucking a "
                             "twig."),
    "child_feeds_world_wealth": N_("Offspring, the source of money, generates or combines with the world line "
                                   "({line}): money comes as easily as plucking a twig."),
    "wealth_moves_to_world": N_("The Wealth line {line} moves and comes to the world line ({other}): money comes as "
                                "easily as plucking a twig."),
    "obstacle_on_world_turns_into_use_god": N_("The obstacle on the world line changes into the use-god: it comes after all."),
    "world_turns_overcoming": N_("The world line ({line}) changes into what overcomes it: great danger to the one who asks."),
    "world_broken": N_("The world line ({line}) is month-broken and unsupported."),
    "world_void_not_yet": N_("The world line ({line}) is void: not yet, or not wholly meant."),
    "world_void_no_worry": N_("The world line ({line}) is void: the danger does not reach the one who asks."),
    "source_without_root": N_("Every source of the use-god is broken or cut off: like water without a spring, the matter has no root."),
    "use_god_comes_to_world": N_("{line} overcomes the world line ({other}): it comes to the one who asks."),
    "office_strikes_world": N_("The moving Officer-Ghost {line} overcomes the world line ({other}): for office, "
                               "calamity, even if the post comes."),
    "weather_asked_moves": N_("The line of the weather asked about moves, and the opposite one does not: it comes."),
    "weather_opposite_moves": N_("The line of the opposite weather moves, and that of the weather asked does not: "
                                 "it does not come."),
    "weather_opposite_stored": N_("The opposite weather ({line}) is at its height on the month and the day: it is "
                                  "stored in its tomb, and the weather asked comes."),
    "hidden_under_empty_flyer": N_("{line} hides under a void or broken line ({other}): it comes out easily."),
    "full_punishment": N_("The month, the day and {line} make the whole triple punishment: grave harm."),
    "ghost_on_world_struck_away": N_("The burden of the Officer-Ghost on the world line ({line}) is struck away by its change: relief."),
    "world_changes_into_office": N_("The strong world line ({line}) changes into the Officer-Ghost: office comes."),
    "world_changes_into_ghost": N_("The weak, struck world line ({line}) changes into the Officer-Ghost: it turns into a ghost, failure and danger."),
    "world_turns_generating": N_("The world line ({line}) changes into what turns back and generates it."),
    "world_strong": N_("The world line ({line}) is well supported: it carries the matter."),
    "world_weak": N_("The world line ({line}) is struck and unsupported: it cannot carry the matter."),
    # the amplifiers (they deepen, never flip)
    "dragon_on_use_god": N_("The Green Dragon on {line} makes the good better."),
    "tiger_on_use_god": N_("The White Tiger on {line} makes the bad worse."),
    "dragon_helps": N_("The Green Dragon on {line}, which supports the use-god, makes the good better."),
    "tiger_strikes": N_("The White Tiger on {line}, which strikes the use-god, makes the bad worse."),
    "star_brightens": N_("A lucky star on {line} brightens a use-god with strength (in season or supported)."),
    "star_darkens": N_("An evil star on {line} darkens the picture."),
    "punishment_deepens": N_("The punishment on the weak, struck {line} deepens the harm."),
}

TIMINGS: dict[str, str] = {
    "leaves_void": N_("when {line} leaves the void"),
    "void_clashed": N_("when a day clashes the void {line}"),
    "void_clashed_now": N_("on the day that clashes the void {line}: today's clash already fills it"),
    "void_month": N_("in the month that fills the void {line}"),
    "tie_opened": N_("when the tie on {line} is clashed open"),
    "helper_released": N_("when the tied source {other} is clashed free"),
    "attacker_cleared": N_("when the line that hurts {line} is clashed away"),
    "attacker_in_season": N_("when the change that overcomes {line} comes into season"),
    "helper_cleared": N_("when the only source of {line} is clashed away"),
    "retreat_reached": N_("when the retreat of {line} reaches its branch"),
    "tomb_month": N_("in the month of the tomb of {line}"),
    "peak_breaks": N_("when the season that clashes {line} comes (what is full tips over)"),
    "comes_into_season": N_("when {line} comes into its own season"),
    "tomb_opened": N_("when the tomb of {line} is clashed open"),
    "own_day": N_("when the branch of {line} comes"),
    "clash_day": N_("on the day that clashes {line} into motion"),
    "opponent_in_season": N_("when the line that clashes and overcomes {line} rules the month"),
    "frame_member_leaves_void": N_("when {other}, the void member of the frame, leaves the void"),
    # 身命造化: the great periods 大限 (a doctrine 002 rejects)
    "xl_period_blessed": N_("when a great period (大限) on Wealth or Offspring begins: a good stretch"),
    "xl_period_evil": N_("when a great period (大限) on Sibling or Officer-Ghost begins: a hard stretch"),
    "xl_period_start": N_("when a new great period (大限) begins"),
    # 六親壽命: the years and month the classic names for the end of a life
    "lifespan_end_void_year": N_("one of the ten years in which {line} is void (歲旬空): where the classic looks "
                                 "for the end of life"),
    "lifespan_end_clash_year": N_("striking {line} in stem and branch (天剋地沖): a year the classic marks as "
                                  "dangerous to life"),
    "lifespan_death_stage_month": N_("when {line} reaches its Death stage (死)"),
    # 應期總注 (YQ-01…19) and the chapters of 旬空, 月破, 墓, 化
    "void_filled": N_("when {line} leaves the void"),
    "break_combined": N_("when the broken {line} is combined"),
    "break_filled": N_("when the broken {line} is filled by its own branch"),
    "break_filled_year": N_("in the year whose branch is that of the broken {line}"),
    "tomb_clashed_open": N_("when the tomb of {line} is clashed open"),
    "tie_clashed_open": N_("when the tie on {line} is clashed open"),
    "too_strong_tomb": N_("when the overfull {line} enters its tomb"),
    "too_strong_clash": N_("when the overfull {line} is clashed"),
    "weak_generated": N_("when the weak {line} is generated"),
    "weak_in_season": N_("when the weak {line} comes into its season"),
    "moving_combined": N_("when the moving {line} is combined"),
    "moving_own": N_("when the branch of the moving {line} comes"),
    "static_own": N_("when the branch of {line} comes"),
    "static_clashed": N_("when the static {line} is clashed"),
    "at_peak": N_("when {line} is at its peak"),
    "advance_own": N_("when the branch of {line}, which advances, comes"),
    "advance_combined": N_("when {line}, which advances, is combined"),
    "retreat_clashed": N_("when the retreat of {line} is clashed"),
    "change_void_filled": N_("when the void change of {line} is filled"),
    "change_void_clashed": N_("when the void change of {line} is clashed"),
    "change_tomb_clashed": N_("when the tomb {line} changes into is clashed open"),
    "changed_branch": N_("on the branch {line} changes into"),
    "groaning_clashed_open": N_("when {line}, stuck in a groaning trigram, is clashed open"),
    "frame_completed": N_("when the branch the three-harmony frame lacks comes, and the frame that bears on {line} "
                          "forms"),
    "punishment_completed": N_("when the branch that completes the punishment of {line} comes"),
    "helper_freed": N_("when the change that holds back the source {other} is clashed away"),
    "struck_by_change": N_("when the change that turns back on {line} comes into force"),
    "attacker_struck": N_("when the line that strikes {line} is itself clashed"),
    "reliever_combined": N_("when the line that strikes the ghost off {line} is combined, and the burden lifts"),
    "attacker_in_force": N_("when the line that strikes {line} is in force"),
    "attacker_fed": N_("when the line that strikes {line} is fed"),
    "harm_when_out_of_void": N_("when {line} leaves the void and the harm reaches it"),
    "harm_when_break_filled": N_("when the broken {line} is filled and the harm reaches it"),
    "harm_when_combined": N_("when the moving {line} is combined and the harm reaches it"),
    "harm_when_clashed": N_("when {line} is clashed and the harm reaches it"),
    "attacker_out_of_tomb": N_("when the line that strikes {line} leaves its tomb"),
    "attacker_released": N_("when the tied line that strikes {line} is clashed free"),
    "world_void_helper_moves": N_("when the branch of {other}, the moving source of the void world line, comes"),
    "world_weak_helper_clashed": N_("when {other}, the static source of the weak world line, is clashed into "
                                    "motion"),
    "world_out_of_void": N_("when the world line ({line}) leaves the void"),
    # 暗動 timed as a moving line (YQ-02), the moving branch (YQ-15), a moving attacker held (HJ-16), a void or
    # broken moving source filled (HJ-14, YP-03)
    "hidden_moving_combined": N_("when {line}, stirred by the day's clash, is combined"),
    "hidden_moving_own": N_("when the branch of {line}, stirred by the day's clash, comes"),
    "moving_branch": N_("on the branch of the moving {line}"),
    "attacker_tied": N_("when the moving line that strikes {line} is combined and held"),
    "helper_out_of_void": N_("when the void source {other} leaves the void"),
    "helper_void_clashed": N_("when the void source {other} is clashed"),
    "helper_break_filled": N_("when the broken source {other} is filled by its own branch"),
}


# Params that carry ids or plain Chinese words rather than classical terms: each placeholder named here is filled
# with the words for its param's value (a comma-joined value is a list): placeholder → (param, {value: words}).
# A placeholder whose param is absent, or whose value is not listed, is left as the term/value (or empty).
_DIRECTIONS = {"東": N_("east"), "南": N_("south"), "西": N_("west"), "北": N_("north"), "中": N_("centre"),
               "東南": N_("south-east"), "西南": N_("south-west"), "東北": N_("north-east"), "西北": N_("north-west")}
_PARTS = {  # BT-01 (by trigram) and BT-02 (by line)
    "頭": N_("head"), "腹": N_("belly"), "耳": N_("ears"), "目": N_("eyes"), "口": N_("mouth"), "股": N_("thighs"),
    "手": N_("hands"), "足": N_("feet"), "腿": N_("legs"), "腰腹": N_("waist and belly"),
    "背脅心胸": N_("back, flanks and chest"), "頸面": N_("neck and face"), "頭頂髮": N_("crown and hair"),
}
_ORGANS = {"腰腎": N_("kidneys and lower back"), "肺": N_("lungs"), "心胸": N_("heart and chest"), "肝": N_("liver"),
           "脾胃": N_("spleen and stomach")}
_WEALTH = {"富": N_("rich"), "貧": N_("poor")}
_HELPERS = {"父母": N_("elders"), "兄弟": N_("brothers and friends"), "妻財": N_("the wife or servants"),
            "子孫": N_("children and juniors"), "官鬼": N_("officials, or the spirits")}

PARAM_WORDS: dict[str, tuple[str, dict[str, str]]] = {
    "direction": ("direction", _DIRECTIONS),
    "calamity": ("calamity", {  # NS-10 by the ghost's element
        "刀兵": N_(", with war"), "狂風": N_(", with gales"), "焦枯": N_(", with scorching and fires"),
        "時疫": N_(", with epidemics"), "淹沒": N_(", with floods")}),
    "part": ("part", _PARTS),
    "organ": ("organ", _ORGANS),
    "severity": ("severity", {"重": N_("severe"), "輕": N_("light")}),
    "why": ("why", {  # FX-01, FX-02
        "生": N_("that way generates the use-god"),
        "制": N_("that way restrains what overcomes the use-god"),
        "克": N_("that way overcomes the use-god"),
        "沖": N_("that way clashes the use-god"),
        "生克": N_("that way feeds the moving line that overcomes the use-god")}),
    "doctrine": ("doctrine", {
        "大小限": N_("the age periods (大限, 小限)"),
        "應為他人": N_("reading another person on the response line"),
        "世應夫婦": N_("reading the world and response lines as husband and wife")}),
    "subject": ("subject", {"use_god": N_("use-god"), "world": N_("world line")}),
    "side": ("side", {"男": N_("the man's"), "女": N_("the woman's")}),
    "man": ("man", _WEALTH),
    "woman": ("woman", _WEALTH),
    "family": ("family", _WEALTH),
    "looks": ("looks", {"平": N_("plain"), "秀": N_("fine-looking")}),
    "period": ("period", {"大限": N_("great period (大限)"), "小限": N_("small period (小限)")}),
    "character": ("spirit", {  # HY-17
        "青龍": N_("beautiful, gentle and chaste"), "螣蛇": N_("hollow, scheming and smooth-tongued"),
        "白虎": N_("jealous and fierce"), "玄武": N_("stingy and loose"), "朱雀": N_("hasty and talkative"),
        "勾陳": N_("slow, grave and taciturn")}),
    "failing": ("spirit", {  # SM-20
        "勾陳": N_("slow and dull in affairs"), "螣蛇": N_("hollow and unreliable"), "玄武": N_("often robbed"),
        "朱雀": N_("drawn into lawsuits"), "青龍": N_("trouble through wine and women"),
        "白虎": N_("trouble through force")}),
    "omen": ("spirit", {  # ZS-07 占家
        "朱雀": N_("quarrels"), "玄武": N_("robbery"), "白虎": N_("mourning"), "螣蛇": N_("frights")}),
    "peril": ("element", {  # SM-21
        "火": N_("fire"), "水": N_("water — keep away from rivers and lakes"), "金": N_("blades"),
        "土": N_("mountains"), "木": N_("trees and forests")}),
    "beast": ("branch", {
        "午": N_(", and horses and mules"), "巳": N_(", and snakes"), "寅": N_(", and tigers"),
        "戌": N_(", and dogs"), "丑": N_(", and oxen")}),
    "aggressor": ("relation", {  # SM-22
        "父母": N_("elders"), "兄弟": N_("brothers and friends"), "妻財": N_("the wife or servants"),
        "子孫": N_("children and juniors"), "官鬼": N_("officials — punishment")}),
    "helper": ("relation", _HELPERS),
    "resolution": ("resolved_by", {"子孫": N_(", but a moving Offspring resolves it")}),
    "reason": ("reason", {  # JH-01 … JH-07
        "no_middle": N_("its middle branch, the master, is missing"),
        "middle_damaged": N_("its middle branch is void or broken"),
        "no_pillar": N_("neither the day nor the month is part of it"),
        "change_without_start": N_("it rests on a change and has lost its start (長生)"),
        "hidden_without_birth": N_("its hidden member does not lie under its birth (長生)"),
        "hung_end_without_start": N_("the day or the month gives only its end (墓), and its start is lost")}),
}

# 增刪卜易's topic chapters (core/chapters): their sentences live in bot/render/chapter_texts.py
from bot.render.chapter_texts import CHAPTER_FINDINGS, CHAPTER_TIMINGS  # noqa: E402 - merged after the tables above

FINDINGS.update(CHAPTER_FINDINGS)
TIMINGS.update(CHAPTER_TIMINGS)
