"""The sentence behind every finding and timing key of 增刪卜易's topic chapters (core/chapters; English msgids,
the catalogs translate them).  Kept apart from ``bot/render/texts.py`` and merged into its ``FINDINGS`` and ``TIMINGS``
there; the placeholders are the same (``{line}``, ``{other}``, ``{branch}``, ``{changed}``, ``{element}``).
``{line}`` already names the line's relation, so a sentence does not repeat it.
"""

from __future__ import annotations

from bot.render.i18n import N_

CHAPTER_FINDINGS: dict[str, str] = {
    "cx_burdened_weak": N_("A Parent on or against your weak world line: burdens of luggage and "
                          "carts, or rain — the trip goes badly."),
    "cx_burdened_strong": N_("A Parent on or against your world line: luggage or rain may trouble "
                            "you, but a strong world line takes no harm."),
    "cx_money_wasted": N_("Wealth holds your world line and a moving Sibling strikes it: money "
                         "wasted, or cheating by juniors."),
    "cx_reversal_turns_back": N_("The hexagram reverses (反吟): you may reach half way and turn back."),
    "cx_reversal_struck": N_("The hexagram reverses and the day or month strikes your world line: "
                            "great danger on the road."),
    "cx_clash_cannot_go": N_("A six-clash hexagram with your world line still or void: you cannot set out."),
    "cx_danger_even_at_home": N_("Six-harmony turns into six-clash: danger even if you stay at home."),
    "cx_struck_even_at_home": N_("A trigram changes into the one that overcomes it: danger even if you stay at home."),
    "bx_even": N_("Neither side clearly prevails: an even contest."),
    "bx_i_lose": N_("Your world line or the money is weak, empty or struck, or a Parent moves: you lose money."),
    "bx_i_win": N_("Your world line prevails over the opponent and the money is favoured: you win."),
    "ca_ghost_moves_mother": N_("A Ghost moves with no Sibling to restrain: not good for the mother."),
    "ca_mother_in_danger": N_("The mother's line {line} crosses with Ghost or Sibling, or is empty, cut or "
                             "struck: danger for the mother."),
    "cx_child_guards_journey": N_("Offspring moves or holds the world: a journey of ten thousand li, every trouble "
                                 "dissolved."),
    "cx_companion_costs": N_("A companion, {line}, moves as a Sibling: he costs you money."),
    "cx_companion_harms": N_("A companion, {line}, moves and strikes you: harm from a fellow traveller."),
    "cx_companion_helps": N_("A companion, {line}, feeds or combines with you: good company."),
    "cx_destination_strikes_world": N_("The destination {line} strikes, clashes or punishes your world line: do not go."),
    "cx_destination_useless": N_("The destination {line} is empty, entombed, cut or overcome by its change: the "
                                "trip brings nothing."),
    "cx_do_not_go": N_("Your world line is weak and empty, or changes for the worse: better not to go."),
    "cx_leaves_now": N_("Your world line moves in secret: you will go."),
    "cx_never_leaves": N_("A six-clash hexagram with a weak, struck world line: the journey never takes place."),
    "cx_traveller_changes_well": N_("Your world line changes for the better or into Offspring: a good journey."),
    "cx_travels_alone": N_("Both lines between world and response are void: you travel alone, or are held up "
                          "on the way."),
    "cx_world_masters_destination": N_("Your world line overcomes the destination: good, near or far."),
    "dh_hold_rooted": N_("The price line {line} is weak but rooted: hold; it rises later."),
    "dh_hold_rootless": N_("The price line {line} is weak and rootless: the goods will be hard to sell."),
    "dh_price_falls": N_("The price line {line} retreats: the price will fall; sell at once."),
    "dh_price_rises": N_("The price line {line} advances: the price rises; do not stock more."),
    "dh_price_rising_now": N_("The strong price line {line} is clashed by the day: the price is rising."),
    "dh_price_void_or_struck": N_("The price line {line} is empty, broken or overcome by its change: bad for "
                                 "stocking and for selling."),
    "dh_sell_now": N_("The price line {line} is strong: sell now."),
    "do_day_month_strike_me": N_("The day or month overcomes your world line: you will be humiliated."),
    "do_i_back_down": N_("Your world line is empty or retreats: you lose heart."),
    "do_i_win": N_("Your world line overcomes the other side: you win."),
    "do_no_fight": N_("Offspring moves or holds the world: the dispute does not come to a fight."),
    "do_other_gains": N_("The other side {line} advances: he gains the upper hand."),
    "do_other_wins": N_("The other side {line} overcomes you: he wins."),
    "fb_child_keeps_trouble_off": N_("Offspring moves or holds the world: no lawsuit, no trouble."),
    "fb_ghost_empty": N_("The Officer-Ghost is empty or broken: the trouble does not reach you."),
    "fb_he_will_sue": N_("The other side overcomes your world line: he will sue."),
    "fb_i_will_sue": N_("Your world line moves against the other side: you will be the one to sue."),
    "fb_lawsuit_comes": N_("A Ghost holds or strikes your world line, or the other side moves against you: a "
                          "lawsuit comes."),
    "fm_parent_declines": N_("{line} is empty or broken: a declining old age."),
    "fm_parent_long_life": N_("{line} is strong or supported: a long life."),
    "fm_parent_near_end": N_("{line} is weak and struck: be near your parent while you can."),
    "fm_parent_sickly_safe": N_("{line} is weak but unhurt: often ill, yet safe for long."),
    "fq_sibling_harms_wife": N_("A Sibling holds the world, moves or rules the day: the wife does not live long."),
    "fq_sibling_quarrels_only": N_("A Sibling weighs on the wife's line, but it is strong: no harm to her, only "
                                  "quarrels."),
    "fq_old_age_together": N_("{line}, the wife, is strong or supported and feeds or combines with your world "
                              "line: together to old age, without a harsh word."),
    "fq_at_odds": N_("A Sibling holds your world line while the wife is strong or retreats: quarrels, or a "
                     "parting."),
    "fq_husband_dies_young": N_("{line}, the wife, overcomes your weak or troubled world line: a grave danger to "
                                "the husband's life."),
    "fq_fierce_wife": N_("{line}, the wife, is strong and overcomes your firm world line: no harm, but a fierce "
                         "and jealous temper."),
    "fq_wife_turns_bad": N_("{line}, the wife, changes for the worse: she does not live long."),
    "fz_debtor_honest": N_("The debtor {line} is Wealth and feeds you: he is honest."),
    "fz_debtor_turns_hostile": N_("The debtor {line} is a Ghost that strikes you: he may turn against you."),
    "fz_sibling_on_response": N_("A Sibling stands on the debtor's line: what is lent does not come back."),
    "fz_sibling_on_world": N_("A Sibling holds your world line: what is lent does not come back."),
    "gs_no_spirit": N_("The Officer-Ghost is weak, empty, entombed or cut: no spirit is behind it."),
    "gs_spirit_ghost": N_("{line} is weak: a wandering ghost of {element}."),
    "gs_spirit_god": N_("{line} is strong: a god of {element}."),
    "gz_clash_short": N_("Six-clash: it does not last."),
    "gz_do_not_proceed": N_("Your world line or the house is hurt, empty or entombed: do not go ahead."),
    "gz_harmony_lasting": N_("Six-harmony with world and house strong: done, and lasting."),
    "gz_house_favours_me": N_("A strong house line holds, feeds or combines with your world line: a house that "
                             "brings blessing."),
    "gz_look_elsewhere": N_("A moving Wealth strikes the house: look elsewhere."),
    "gz_proceed": N_("Your world line and the house are both strong and unhurt: go ahead."),
    "gz_world_advances": N_("Your world line advances: lasting prosperity after it is done."),
    "gz_world_retreats": N_("Your world line retreats: forced through, later regretted."),
    "hyn_child_harms_husband": N_("Offspring holds the world or moves: it harms the husband — the match fails."),
    "hyn_clash_without_pair": N_("A six-clash hexagram lacking Wealth or Officer: the match is not made."),
    "hyn_husband_favours_world": N_("A strong Officer holds, feeds or combines with your world line: the match is "
                                   "made, and happy."),
    "hyn_in_their_places": N_("Ghost on the world and Wealth on the response: each in place — harmony."),
    "hyn_many_husbands": N_("Several Officer lines: the classic reads a second marriage."),
    "hyn_nothing_firm": N_("World and response are both empty: nothing is firm yet."),
    "hyn_other_side_backs_out": N_("The other family's line {line} is empty or retreats: they back out."),
    "hyn_regret_but_good_match": N_("The other family hesitates, but Wealth advances and feeds your world line: a "
                                   "good match in the end."),
    "hyn_sibling_blocks": N_("A Sibling holds your world line or moves: the match is hard to make."),
    "hyn_sibling_rescued_by_wealth": N_("A Sibling holds your world line, but Wealth combines with it or it turns into "
                                       "Wealth: the match is made."),
    "hyn_use_god_undone": N_("The partner's line {line} is empty, entombed, cut or changes for the worse: the "
                            "match brings early loss or poverty."),
    "hyn_wife_rules": N_("Wealth on the world and Ghost on the response: the wife takes the lead (good "
                        "only for a man marrying into her family)."),
    "hyn_world_advances": N_("Your world line advances: the match is certain."),
    "hyn_world_retreats": N_("Your world line retreats: the match is hard to conclude."),
    "hyn_world_void_static": N_("Your world line is void and still: the match is not made."),
    "jb_child_clears_worry": N_("A Ghost holds the world (your worry) and Offspring moves to clear it: the "
                               "patient is safe."),
    "jb_child_holds_world": N_("Offspring holds the world line, unhurt: healing without medicine."),
    "jb_child_moves_heals": N_("Offspring moves and restrains the Ghost: cured."),
    "jb_child_moves_relapse": N_("Offspring moves, but is overcome by its change (or the hexagram reverses): "
                                "better now, then a relapse."),
    "jb_enemy_retreats": N_("{line}, the enemy of the use-god, retreats: the illness eases."),
    "jb_enemy_advances": N_("{line}, the enemy of the use-god, advances: the illness grows serious."),
    "jb_ghost_holds_world_self": N_("The Officer-Ghost holds your world line: hard to cure; a moving Offspring eases "
                                   "it now, but the root remains."),
    "jb_ghost_moves_grave": N_("A Ghost moves: the illness is serious."),
    "jb_ghost_moves_heals_kin": N_("A Ghost moves, the source (or the use-god) of this patient: the illness heals."),
    "jb_ghost_turns_into_use_god": N_("{line}, a Ghost or the enemy, changes into the patient's line {other}: a bad "
                                     "sign."),
    "jb_parent_turns_ghost_long": N_("{line}, the parent, changes into a Ghost: in a long illness, danger."),
    "jb_parent_turns_ghost_recent": N_("{line}, the parent, changes into a Ghost, which feeds it: a recent illness "
                                      "heals."),
    "jb_use_god_turns_bad": N_("{line} changes into {changed}, a Ghost or its enemy: the illness is dangerous."),
    "jd_borrower_void_or_broken": N_("Your world line is empty or broken: unfavourable for borrowing."),
    "jd_child_or_wealth_moves": N_("Offspring or Wealth moves: the loan can be had."),
    "jd_lender_void_or_broken": N_("The lender {line} is empty or broken: hard to get what you want."),
    "jd_loan_void_or_broken": N_("The money {line} is empty or broken: do not count on it."),
    "jd_sibling_moves": N_("A Sibling moves: the loan is blocked."),
    "jd_sibling_on_world": N_("A Sibling holds your world line: no need even to ask for the loan."),
    "kh_busy_then_empty": N_("Six-harmony turns into six-clash: busy now, deserted later."),
    "kh_capital_and_foundation_move": N_("Wealth (the capital) and Offspring (the foundation) move together: the best sign "
                                        "for a business."),
    "kh_ghost_checks_sibling": N_("A Ghost and a Sibling move together: the Ghost restrains the Sibling and the "
                                 "capital is safe."),
    "kh_ghost_moves_trouble": N_("A Ghost moves: trouble may come."),
    "kh_ghost_restrained": N_("A Ghost moves but is restrained by Offspring or the day and month: harmless."),
    "kh_ghost_strikes_world": N_("A moving Ghost strikes your world line: trouble, the worst sign for a shop."),
    "kh_never_opens": N_("Your world line and the capital are both empty: the shop does not open."),
    "kh_partner_deceives": N_("The partner {line} strikes you: you may be deceived."),
    "kh_partner_follows": N_("Your world line masters the partner {other}: he follows your wishes."),
    "kh_customers_stay": N_("The customers {line} feed or combine with your world line: new customers become "
                            "regulars."),
    "kh_customers_turn_away": N_("The customers {line} clash or overcome your world line, or you theirs: even old "
                                 "customers turn away in the end."),
    "kh_partner_helps": N_("The partner {line} feeds or combines with you: he benefits you."),
    "kh_revives": N_("Six-clash turns into six-harmony: the business revives."),
    "qb_child_moves_protects": N_("Offspring moves: protection, even where it strikes the world line."),
    "qb_ghost_strikes_world": N_("{line} strikes the world line: the worst danger — beware of {element}."),
    "qb_go_toward": N_("Turn toward the direction of {element}, which feeds your world line."),
    "qb_hide_away": N_("The striking line is in the inner trigram: better to leave home and avoid it outside."),
    "qb_hide_home": N_("The striking line is in the outer trigram: better to stay at home."),
    "qb_line_strikes_world": N_("{line} strikes the world line: not good."),
    "qb_safe_after_month": N_("Offspring holds the world but is broken by the month: safe once the month is past."),
    "qb_safe_after_void": N_("Offspring holds the world but is void: groundless worry until it leaves the void."),
    "qc_fallen_but_rescued": N_("Wealth and Offspring are absent or fallen, but the day or month is Wealth, or Wealth "
                               "lies hidden and strong: worth pursuing."),
    "qc_no_wealth_no_source": N_("Neither Wealth nor Offspring in the hexagram: seeking is useless."),
    "qc_office_checks_sibling": N_("Sibling and Officer move together: the Officer restrains the Sibling — the money "
                                  "comes."),
    "qc_office_moves_drains": N_("An Officer moves while the Sibling is still: it drains the Wealth and brings "
                                "quarrels."),
    "qc_parent_moves": N_("A Parent moves and strikes Offspring, the source of money: little comes of it."),
    "qc_robbed_and_hurt": N_("Wealth holds the world, a Sibling moves and a Ghost strikes the world: loss and "
                            "harm to yourself."),
    "qc_robbed_on_world": N_("Wealth holds the world and a Sibling moves: beware of loss, and of harm to yourself."),
    "qc_sibling_feeds_child": N_("Sibling and Offspring move together: the Sibling feeds Offspring, which feeds "
                                "Wealth — good."),
    "qc_sibling_moves": N_("A Sibling moves and nothing restrains it: like fishing the moon from water."),
    "qc_wealth_and_sibling_move": N_("Wealth and Sibling move together: obstruction and loss."),
    "qc_wealth_and_source_fallen": N_("Wealth and Offspring are absent or fallen — weak and struck, void, broken, "
                                     "entombed or cut off: seeking is useless."),
    "qc_wealth_from_day_month_or_hidden": N_("No Wealth or Offspring in the hexagram, but the day or month is Wealth, or it "
                                            "lies hidden and strong: worth pursuing."),
    "qc_wealth_has_source": N_("Offspring feeds Wealth: money with a source, ample and lasting."),
    "sb_child_moves_no_promotion": N_("Offspring moves: no promotion for now."),
    "sb_office_empty": N_("The office {line} is empty, entombed, cut or changes for the worse: no hope of the post."),
    "sb_office_favours_world": N_("A strong {line} holds, feeds or combines with your world line: promotion."),
    "sb_world_day_broken": N_("Your world line is broken by the day: no appointment, and beware of other trouble."),
    "sb_world_rises_with_office": N_("Your world line goes into the tomb with the office, or the office strikes it, "
                                     "but it is strong (or its source moves too): the promotion comes."),
    "sb_world_weak": N_("Your world line is weak: a strong world rises, a weak one does not."),
    "syu_long_life": N_("The world line is strong or supported: a long life."),
    "syu_short_life": N_("The world line is entombed with a Ghost, struck by a Ghost that Wealth feeds, or "
                        "changes for the worse: a short span."),
    "syu_source_moves": N_("The source of the world line moves: in a lifespan it should be still — a term is set."),
    "syu_world_alone": N_("For one's own lifespan the world line alone is the root."),
    "ts_changes_into_wished": N_("A moving line changes into the relation of the weather asked: it comes, whatever "
                                "its strength."),
    "ts_child_brings_clear": N_("{line} moves: a cloudless sky (子孫)."),
    "ts_clouds_part": N_("{line} changes into Offspring: the clouds part and the sun comes out."),
    "ts_days_of_rain": N_("Several Parents and Ghosts move and no Wealth or Offspring: about ten days of "
                         "wind and rain."),
    "ts_days_of_rain_change": N_("A line changes between Parent and Ghost, or Parent and Sibling, and no Wealth or "
                                 "Offspring moves: about ten days of wind and rain."),
    "ts_days_of_sun": N_("Several Wealth and Offspring move: days of fine weather."),
    "ts_fair_does_not_last": N_("{line} changes into Ghost: the fair weather does not last."),
    "ts_ghost_brings_cloud": N_("{line} moves: heavy cloud, perhaps thunder (官鬼)."),
    "ts_ghost_moves_cloud": N_("A Ghost moves: heavy cloud rather than a clear sky."),
    "ts_ghost_moves_no_rain": N_("Only a Ghost moves, no Parent: thick cloud and fog, but no rain."),
    "ts_murk_at_its_hours": N_("A moving Ghost darkens the sky at the {branch} hours."),
    "ts_nothing_moves_recast": N_("Nothing that bears on the weather moves: the cast does not answer; cast again."),
    "ts_opposite_weather_moves": N_("The line of the other weather moves and the one asked does not: the weather "
                                   "asked does not come."),
    "ts_parent_brings_rain": N_("{line} moves: clouds gather and rain comes (父母)."),
    "ts_rain_and_clear": N_("Parent and Offspring both move: rain and sun each come at their own time."),
    "ts_rain_then_clear": N_("{line} changes into Offspring: rain, then clear."),
    "ts_sibling_brings_wind": N_("{line} moves: light wind and thin cloud, neither rain nor sun (兄弟)."),
    "ts_sibling_moves_neither": N_("Only a Sibling moves: light wind and thin cloud, neither rain nor sun."),
    "ts_void_clashed_acts": N_("A still void line of the weather asked is clashed by the day: it acts, and the "
                              "weather comes."),
    "ts_wealth_brings_fair": N_("{line} moves: fair weather (妻財)."),
    "ts_wealth_moves_fair": N_("Wealth moves while Offspring is still: fair, but not a fully clear sky."),
    "ts_weather_flips": N_("The hexagram reverses (反吟): the weather turns back again."),
    "ts_weather_retreats": N_("{line} changes into a retreating god: the weather it brings is ending."),
    "ts_wind_and_rain": N_("{line} changes into Sibling or Ghost: wind and rain together."),
    "ts_wind_and_rain_both_move": N_("A Parent and a Sibling both move: wind and rain together."),
    "ts_wished_weak_and_still": N_("The line of the weather asked is weak and still: little hope of it."),
    "ts_wished_weather_moves": N_("The line of the weather asked moves: it comes, whatever its strength (占天時不論旺衰)."),
    "ts_wished_weather_retreats": N_("The line of the weather asked moves but retreats: it comes only briefly."),
    "ts_wished_weather_tied": N_("The line of the weather asked is tied: it comes on the day that clashes it open."),
    "ty_pregnancy_kept": N_("{line} is on the day or month, supported, or fed by its change: a pregnancy kept."),
    "ty_pregnancy_lost": N_("{line} is empty, cut, struck or crossed with Ghost or Parent: the pregnancy is not kept."),
    "ty_twins": N_("Offspring changes into Offspring, or two strong Offspring move: twins."),
    "ty_boy_yin_moves": N_("{line} is the moving line to read, and it is yin: a boy."),
    "ty_girl_yang_moves": N_("{line} is the moving line to read, and it is yang: a girl."),
    "ty_boy_yin_holds_yang": N_("All lines are still, and yin lines enclose yang ones (坎, 大過, 小過, 咸, 恆): a boy."),
    "ty_girl_yang_holds_yin": N_("All lines are still, and yang lines enclose yin ones (離, 中孚, 頤, 損): a girl."),
    "ty_boy_offspring_yang": N_("All lines are still and the hexagram encloses nothing; {line}, the child, is a yang "
                                "line: a boy."),
    "ty_girl_offspring_yin": N_("All lines are still and the hexagram encloses nothing; {line}, the child, is a yin "
                                "line: a girl."),
    "ty_unclear": N_("All lines are still, the hexagram encloses nothing, and the child's line is not drawn: the "
                     "cast does not show the sex."),
    "ty_recast": N_("More than three lines move: the mind was not settled when casting. Cast again another day, not "
                    "at once."),
    "xc_court_upholds_me": N_("Officer and Parent move together: the court finds for you."),
    "xc_suit_does_not_form": N_("Wealth or Offspring moves against the plaint and the court: the suit may not go "
                               "ahead."),
    "xc_wronged": N_("{line} strikes your world line: you are wronged."),
    "xd_sibling_favoured": N_("{line} is strong or supported: harmony and help."),
    "xd_sibling_limited": N_("{line} is weak: little help, a limited span."),
    "xd_sibling_unfavoured": N_("{line} is weak and hurt: unfavourable."),
    "xh_all_lines_move": N_("All six lines move: no success."),
    "xh_clash_all_strong": N_("A six-clash hexagram, but Officer, Parent and the world line are all strong: you pass."),
    "xh_clash_recast": N_("A six-clash hexagram with the Parent strong, but not Officer, Parent and world line all: "
                          "this cast does not decide; cast again and follow the second."),
    "xh_essay_or_rank_on_world": N_("A strong Parent or Officer holds your world line: success."),
    "xh_harmony_no_help": N_("A six-harmony hexagram, but one of Officer, Parent or the world line has lost "
                            "its force: the harmony does not help."),
    "xh_link_clashed_apart": N_("Parent or Officer feeds your world line, but the month, the day or a moving line "
                                "clashes it apart: of no use."),
    "xh_not_linked_to_world": N_("Parent and Officer neither hold nor feed nor combine with your world line: of no "
                                "use."),
    "xh_office_empty": N_("The rank {line} is empty, entombed or changes for the worse: the essay alone "
                         "does not pass."),
    "xh_office_favours_world": N_("A strong rank {line} holds or feeds your world line: you pass, even if the essay "
                                 "is weak."),
    "xh_advances": N_("{line} advances: your name on the list, and the next degree soon after."),
    "xh_retreats": N_("{line} retreats: no success."),
    "xh_spoiler_fails_exam": N_("Offspring or Wealth holds the world or moves: the examination fails."),
    "xh_world_empty": N_("Your world line is empty or broken: no success."),
    "xh_world_lost": N_("Your world line is weak, empty or struck: however strong the essay and the rank, "
                       "without you there is no success."),
    "xn_declining": N_("Six-harmony turns into six-clash: the site is gained then lost, or its fortune fades."),
    "xn_good_site": N_("The site (world line) is strong or supported: a good site."),
    "xn_good_then_spoiled": N_("The strong site changes into break, tomb, cut or an overcoming line: good now, "
                              "spoiled later."),
    "xn_many_descendants": N_("Offspring holds the world or is strong: many descendants."),
    "xn_not_a_good_site": N_("The site (world line) or the descendants are weak, empty or change for the "
                            "worse: not a good site."),
    "xn_parent_moves": N_("A Parent moves: it strikes the descendants — unwelcome at a new site."),
    "xn_parent_moves_worse": N_("A Parent moves and changes into Parent: worse for the descendants."),
    "xn_poor_then_good": N_("The weak site changes for the better: poor now, good later."),
    "xn_qi_disperses": N_("Six-clash, or world and response clash: the qi disperses."),
    "xn_qi_gathers": N_("Six-harmony, or the world combines with Offspring: the qi gathers."),
    "xn_regained": N_("Six-clash turns into six-harmony: the site is lost and then regained, or revives."),
    "xr_advances_does_not_return": N_("{line} advances: he goes on and does not come back."),
    "xr_held_up": N_("{line} moves but is tied: something holds him up."),
    "xr_no_thought_of_return": N_("{line} is weak, still and empty: no thought of returning."),
    "xr_no_wish_to_return": N_("Your world line overcomes {other}: he has no mind to return."),
    "xr_comes_home_soon": N_("{line} overcomes your world line: he will be home soon."),
    "xr_on_the_way": N_("{line} moves: he is already on the way."),
    "xr_retreats_returns": N_("{line} retreats: he turns back home."),
    "xr_turns_struck": N_("{line} is overcome by its change: the worst sign — he does not come."),
    "xr_unwell_abroad": N_("{line}, the one away, is entombed, cut off, empty or struck: he is not at ease where "
                           "he is — this speaks of his well-being, not of whether he comes."),
    "xr_well_abroad": N_("{line}, the one away, is unhurt: he is well, and his return can be timed."),
    "xr_wanders": N_("A six-clash hexagram: the one away wanders and does not return."),
    "xr_world_void_arrives": N_("Your world line is void: the one away arrives at once."),
    "tz_like_kin": N_("Your world line and the other person's feed or combine each other: close as kin."),
    "tz_frame_all_well": N_("A three-harmony frame forms: all goes as you both wish."),
    "tz_offspring_peace": N_("Offspring {line} moves: peace and ease together."),
    "tz_six_clash_gives_up": N_("A six-clash hexagram: one of you loses heart half way."),
    "tz_sibling_or_ghost_strikes": N_("A moving Sibling or Ghost {line} strikes your world line: trouble in daily "
                                      "life together."),
    "tz_harm_from_him": N_("The other person {line} overcomes or clashes your world line: harm from him."),
    "tz_he_will_owe_you": N_("The other person {line} is entombed, cut off, empty or broken: he will need your "
                             "kindness."),
    "wz_cure_in_your_hands": N_("Your world line is strong, holds Offspring or Wealth, feeds the patient, changes "
                                "for the better or is fed by Wealth or Offspring: the cure is in your hands."),
    "wz_go_at_once": N_("A recent illness and the patient's line {line} shows a quick turn: go at once, before "
                        "another doctor does."),
    "wz_root_it_out": N_("A long illness, but the patient's line {line} is strong, fed or changing well: you will "
                         "root it out."),
    "wz_do_not_go": N_("A long illness and none of the signs of a cure: do not go, it would only cost you your "
                       "name."),
    "yg_do_not_go": N_("Your world line changes into a Ghost or is overcome by its change: do not go — "
                      "danger there or on the road."),
    "yg_patron_favours_world": N_("The patron {line} holds, feeds or combines with your world line: you are received."),
    "yg_patron_strikes_world": N_("The patron {line} strikes your world line: do not go."),
    "yg_warm_reception": N_("The patron {line} is sound and tied to you, and the day or the month shines on you or "
                            "on Wealth: a warm welcome on both sides."),
    "yg_wasted_trip": N_("The patron {line} is empty, entombed or changes for the worse: a wasted trip."),
    "yy_another_should_ask": N_("A son for his parent, or a wife for her husband, should not cast about the "
                               "doctor: let another relative ask."),
    "yy_no_medicine_helps": N_("The patient's line {line} is undone by its change, or a Ghost or its enemy turns "
                               "into it, or, in a long illness, it is clashed, void or in a Ghost's tomb: no "
                               "medicine will help."),
    "yy_heals_without_medicine": N_("The patient's line {line} shows a quick recovery: the illness passes even "
                                    "without medicine."),
    "yy_doctor_fails": N_("{line}, the doctor, is weak, empty or struck: the treatment does not work."),
    "yy_doctor_harms": N_("The doctor {line} bears a Sibling or Ghost and overcomes you: harm, whatever the illness."),
    "yy_doctor_masters_illness": N_("The doctor {line} overcomes the world: he masters the illness."),
    "yy_doctor_harms_patient": N_("The doctor {line} bears a Sibling or Ghost and overcomes the patient {other}: harm, whatever the illness."),
    "yy_doctor_masters_patient": N_("The doctor {line} overcomes the patient {other}: he masters the illness."),
    "yy_doctor_too_harsh_patient": N_("The doctor {line} overcomes the patient {other}, but the illness is long or the patient weak: the cure hurts too."),
    "yy_doctor_too_harsh": N_("The doctor {line} overcomes you, but the illness is long or you are weak: the "
                             "cure hurts too."),
    "yy_medicine_better": N_("{line}, the medicine, changes for the better: it works all the more."),
    "yy_medicine_masters_worry": N_("The worry (Ghost) is there and Offspring moves to restrain it: call this doctor."),
    "yy_medicine_poor": N_("{line}, the medicine, changes into a Ghost or is overcome by its change: poor medicine."),
    "yy_medicine_works": N_("{line}, the medicine, is strong and unhurt: it works."),
    "yy_skilled_doctor": N_("Offspring stands on {line}, the doctor: a skilled doctor."),
    "zsi_able_children": N_("{line} is strong or supported: able children."),
    "zsi_child_by_another_mother": N_("Offspring appears only by a change: a child by another mother."),
    "zsi_child_turns_child": N_("{line} changes into Offspring: many children."),
    "zsi_child_turns_ghost": N_("{line} changes into a Ghost: the child does not survive."),
    "zsi_danger_is_the_askers": N_("Asking about kin, your own world line changes for the worse: the danger is your "
                                  "own."),
    "zsi_no_children": N_("{line} is weak, cut, struck or crossed with Parent or Ghost: children do not survive."),
    "zsi_parent_threatens_child": N_("{line} moves and overcomes the child: a threat to the child."),
    "zx_ghost_on_world": N_("A Ghost holds your world line: worry and fright on the water."),
    "zx_ghost_strikes_world": N_("A moving Ghost clashes or strikes your world line: mishap on the way."),
    "zx_safe_voyage": N_("Offspring holds, feeds or combines with your world line: a safe voyage."),
    "zx_sibling_costs": N_("A Sibling moves: money is lost on the voyage."),
    "zx_turns_back": N_("Your world line retreats or reverses: you turn back half way."),
    "zy_asker_at_risk": N_("Your world line changes into a Ghost: the one asking is at risk."),
    "zy_asker_in_ghost_tomb": N_("Your world line lies in a Ghost's tomb: the one asking is at risk."),
    "zy_descendants_harmed": N_("Offspring and Parent change into each other: harm to the descendants."),
    "zy_fortune_returns": N_("Six-clash turns into six-harmony: fortune returns to the family."),
    "zy_good_grave": N_("The grave (Parent) is strong or supported: a good grave."),
    "zy_grave_restless": N_("The grave (Parent) is empty, entombed, cut or changes for the worse: the dead "
                           "are restless, the living decline."),
    "zy_no_vein": N_("Six-clash: the grave has no earth vein."),
    # 功名 (career.py): the rest of 鄉試, 升選 and 升遷何方, 在任, 辭官, 營造公務
    "xh_sibling_checks_wealth": N_("A moving Sibling holds the moving Wealth in check: Wealth does not spoil the essay."),
    "xh_office_holds_child": N_("Offspring moves, but a strong Officer holds it down: it does not spoil the rank."),
    "xh_sibling_feeds_child": N_("Officer and Offspring move together and a Sibling moves too, feeding Offspring: "
                                 "the worst sign."),
    "xh_sibling_world_passes": N_("A Sibling holds your strong world line, with Officer and Parent on your side: "
                                  "you pass, though not at the top."),
    "xh_pillars_check_attacker": N_("{line} is struck by a moving line, but the day or the month strikes the "
                                    "attacker: you may still succeed."),
    "xh_hidden_useful": N_("The hidden {line} is strong or freed by the day and the month: you pass."),
    "xh_hidden_freed": N_("Your world line is strong and the day or the month clears the line over the hidden "
                          "{line}: a high place."),
    "xh_frame_of_rank": N_("The lines join in a three-harmony frame of Officer or Parent, unbroken: success "
                           "after success."),
    "xh_frame_of_siblings": N_("A Sibling frame, supported by the day or the month, with a strong Officer: you "
                               "may succeed."),
    "xh_frame_of_offspring": N_("The lines join in an Offspring frame: not good for a degree."),
    "xh_year_on_rank": N_("Officer or Parent on the year's branch feeds or holds your world line: like meeting "
                          "the sovereign — success after success."),
    "xh_recommender_struck": N_("The response line would recommend you, but the day or the month strikes it: "
                                "the recommendation fails."),
    "xh_recommended": N_("Your world line is weak, but the moving response line feeds or combines with it: "
                         "you pass through someone's recommendation."),
    "xh_world_turns_ghost_striking": N_("Your world line turns into an Officer that strikes back: worse still."),
    "xh_world_turns_ghost": N_("Your weak, struck world line turns into an Officer: not only failure, but danger."),
    "xh_world_turns_office": N_("Your world line turns into an Officer that does not strike it: you pass this "
                                "time."),
    "xh_mourning": N_("Wealth holds the world or moves while the Parent is weak, or Wealth and Parent turn into "
                      "each other: beware of mourning for a parent."),
    "sb_heaven_grants": N_("A frame of Officer or Wealth feeds your world line, the world Officer is combined, "
                           "or the hexagram is (or turns) six-harmony: a favour from above."),
    "sb_appointment_near": N_("Your world line moves or stands on the day or the month, or a moving Officer "
                              "turns for the better toward it: pack your bags."),
    "sb_not_yet": N_("Your world line and the office are both weak under a clash: the time has not yet come."),
    "sb_source_still_drain_moves": N_("Wealth, the source of the office, is weak and still while the Parent "
                                      "drains it: no promotion in sight."),
    "sf_office_on_response": N_("The office {line} sits on the response line: the post goes to someone else."),
    "sf_frame_feeds_response": N_("A three-harmony frame feeds the response line, not yours: the post goes to "
                                  "someone else."),
    "zr_rises_soon": N_("The office {line} on the day or month, or a frame of Officer, feeds your world line: "
                        "special favour, a promotion soon."),
    "zr_tenure_smooth": N_("The office {line} is strong and supported, or changes for the better: a quiet, "
                           "well-regarded tenure."),
    "zr_recommended": N_("A strong Parent holds your world line and the Officer is supported: your superiors "
                         "will recommend you."),
    "zr_promotion": N_("Your world line or the office advances (化進) while the other stands strong: a sign of "
                       "promotion."),
    "zr_acting_post_harms": N_("Your world line turns into an Officer that strikes it: an acting post that brings "
                               "harm."),
    "zr_acting_post": N_("Your strong world line turns into an Officer that helps it: an acting post, more "
                         "authority."),
    "zr_favour": N_("Your world line is favoured by the day, the month, a moving line, the fifth line or the "
                    "year: a good sign in office."),
    "zr_reversal_struck": N_("A reversing hexagram (反吟) with your world line and the office both struck: a "
                             "sudden misfortune."),
    "zr_reversal_rises": N_("A reversing hexagram (反吟), restless, but your world line and the office are "
                            "strong: a promotion."),
    "zr_reversal_demoted": N_("A reversing hexagram (反吟) with your world line and the office both weak: a "
                              "demotion or a penalty."),
    "zr_missions": N_("An Officer bearing the day's post horse holds your world line, stands on the day or the "
                      "month, or moves: many missions, and tiring ones."),
    "zr_mission_gain": N_("The day, the month or a moving line, as Wealth, feeds your world line: gain from the "
                          "missions."),
    "zr_mission_costs": N_("A Sibling moves and your world line is punished or overcome: hard work that costs "
                           "you money."),
    "zr_clean_hands": N_("The office is strong: a moving Sibling or empty Wealth means clean hands, not loss."),
    "zr_pay_cut": N_("A Sibling holds the world or moves: losses, or a cut in pay."),
    "zr_dismissed": N_("Offspring moves with nothing to restrain it: loss of the post."),
    "zr_demoted": N_("Offspring holds the world, or moves but is restrained: a demotion only."),
    "zr_grave_trouble": N_("The day, the month, or a moving Vermilion Bird or Snake strikes your weak world line "
                           "or the office: serious trouble."),
    "zr_slander": N_("Your world line is struck but stands firm: gossip and blame, be careful in your work."),
    "zr_impeached": N_("A strong Officer on the Vermilion Bird or the Snake strikes your weak world line: a formal "
                       "complaint against you."),
    "zr_world_entombed": N_("Your weak, struck world line changes into its tomb: trouble again and again."),
    "zr_muddled": N_("Your strong world line is in a tomb: confusion, unclear judgement."),
    "zr_life_at_risk": N_("Your weak world line turns into an Officer or strikes itself back: guard your health "
                          "and your life."),
    "zr_tenure_ends": N_("Your world line or the office is empty or broken: the tenure will not last long."),
    "zr_charge_unsettled": N_("Sibling and Officer move together: unrest in what you are responsible for."),
    "zr_elders_mourning": N_("Wealth holds or moves, or the Parent is weak: if your parents or elders are living, "
                             "beware of mourning."),
    "gc_released": N_("Offspring holds the world or moves: you will be released as you wish."),
    "gc_retreat_as_wished": N_("Your world line or the office retreats (化退): you leave as you wish."),
    "gc_held_by_office": N_("The Officer holds your world line, or moves to strike or bind it: hard to get free."),
    "gc_advance_holds": N_("Your world line or the office advances (化進): duties hold you fast."),
    "gc_stillness_cannot_go": N_("A groaning hexagram (伏吟): you cannot go."),
    "gc_reversal_recalled": N_("A reversing hexagram (反吟) when leaving for good: refusals, or a recall later."),
    "gc_reversal_returns": N_("A reversing hexagram (反吟) on leave: you will take up office again later — no harm."),
    "gw_promoted_for_work": N_("A Parent holds your world line and a moving Officer feeds it: promotion for the "
                               "work."),
    "gw_profit_and_name": N_("A strong Officer fed by moving Wealth, or Wealth on your world line: profit and "
                             "a good name from the work."),
    "gw_no_trouble": N_("Offspring holds the world or moves: no trouble, the work is seen through."),
    "gw_child_threatens_post": N_("A fault has appeared and Offspring moves: it strikes the office — your post "
                                  "is at risk."),
    "gw_implicated": N_("The Officer strikes or holds your world line: you will be implicated."),
    "gw_fined": N_("A fault has appeared and a Sibling moves: a fine."),
    "gw_pays_costs": N_("A Sibling moves or holds the world: you pay costs out of your own pocket."),
    "gw_work_will_not_last": N_("A six-clash with the Parent, the work itself, weak or struck: the work will not "
                                "last."),
    "gw_work_lasts": N_("A six-harmony hexagram and a strong world line: the work will last."),
    "tk_rank_on_world": N_("Officer holds your world line, fed or combined by the day, the month or a moving line: "
                           "you will surely be taken."),
    "tk_essay_on_world": N_("Parent holds your supported world line and the Officer is strong: you pass."),
    "tk_essay_without_rank": N_("Parent holds your world line, but the Officer has no strength: the essay alone "
                                "is not enough."),
    "tk_essay_fails_in_hall": N_("The weak Parent {line} changes for the worse: long days at the desk, one short "
                                 "day in the hall."),
    "tk_essay_improves": N_("The weak Parent {line} changes for the better: the writing grows stronger."),
    "tk_essay_fades": N_("The Parent {line} retreats (化退): a good start, a weak finish."),
    "tk_dropped_then_taken": N_("The strong Parent {line} changes for the worse but is combined: dropped at first, "
                                "then taken after all."),
    "tk_taken_then_dropped": N_("The strong Parent {line} changes for the worse: taken at first, then dropped."),
    "tk_spoiler": N_("Offspring or Wealth moves or holds your world line: not favourable."),
    "tk_world_fails": N_("Your world line is empty, broken, entombed, struck or changes for the worse: you will "
                         "not succeed."),
    "kd_admitted": N_("Officer or Parent holds or feeds your world line: you will be admitted."),
    "kd_essay_unused": N_("The Parent is weak, empty, entombed or cut: the essay is not taken."),
    "kd_not_admitted": N_("Your world line is struck, empty or changes for the worse, or Offspring holds it or "
                          "moves: not admitted."),
    "yt_selected": N_("Officer or Parent on your world line is fed or combined by the day, the month, the year or "
                      "the fifth line: you will be chosen."),
    "yt_special_favour": N_("Your world line and the Officer join in a three-harmony frame: special favour."),
    "yt_ill_omen": N_("Your world line or the Officer is empty, entombed, cut, struck or changes for the worse: "
                      "an ill omen."),
    "yt_disaster": N_("An Officer on the fifth line or the year's branch clashes or strikes your world line: an "
                      "unforeseen disaster."),
    "skk_fails": N_("A weak Parent or world line is struck, or your world line changes for the worse: you will "
                    "fail."),
    "skk_clash_middle": N_("A six-clash or every line moving, with Parent and world line strong: a middle grade."),
    "skk_both_struck": N_("Both the Parent and your world line are struck: the lowest grade."),
    "skk_world_struck_helped": N_("Your world line is struck but helped: a passable grade."),
    "skk_world_struck": N_("Your world line is struck: a reprimand from the examiner."),
    "skk_essay_struck": N_("The Parent is struck with nothing to help it: a poor essay."),
    "skk_one_struck": N_("The Parent is struck but helped: a grade below the good ones."),
    "skk_top_grade": N_("Parent and world line are strong and both supported, without a flaw: the top grade."),
    "skk_good_grade": N_("Parent and world line are strong, but unsupported or with a flaw: a good grade, not "
                         "the top."),
    "skk_middle": N_("The Parent is neither strong nor struck, and your world line is unharmed: a middle grade."),
    "zf_father_succeeds": N_("Parent and Officer move and feed each other, or the day or month is the Officer "
                             "feeding the Parent, or the Parent changes well: your father's career prospers."),
    "zf_father_fails": N_("Wealth or Offspring moves, the day or month strikes, or the Parent is weak and "
                          "broken: no gain for your father's career."),
    # issue 21 (housegrave): frames read by their relation, the site, marriage extras, the mother
    "ts_frame_rain": N_("The {frame} frame forms as {relation}: rain."),
    "ts_frame_clear": N_("The {frame} frame forms as {relation}: a clear sky."),
    "ts_frame_murk": N_("The {frame} frame forms as {relation}: black fog, or thunder and lightning."),
    "ts_frame_wind": N_("The {frame} frame is a wood frame: wind."),
    "ts_frame_brings_wished": N_("A frame of the weather asked forms: it comes, as if its line moved."),
    "ts_frame_brings_other": N_("A frame of the other weather forms and none of the weather asked: the other "
                                "weather comes."),
    "ts_frame_brings_murk": N_("A frame of Ghost forms: dark fog or thunder rather than the weather asked."),
    "ts_bright_sun": N_("Offspring holds your world line and moves: a blazing sun, not a cloud in the sky."),
    "qc_robber_on_the_year": N_("A Sibling {line} bears the branch of the year: a year of losses in business."),
    "qc_frame_feeds_me": N_("The {frame} frame of {relation} includes or feeds your world line: money in "
                            "plenty."),
    "qc_frame_toil": N_("The {frame} frame forms as {relation}: the money comes only with toil."),
    "qc_frame_losses": N_("The {frame} frame forms as {relation}: losses on every side."),
    "qc_frame_quarrels": N_("The {frame} frame forms as {relation}: quarrels and trouble."),
    "qc_frame_strikes_me": N_("The {frame} frame forms as {relation} and overcomes your world line: quarrels "
                              "and trouble, worse for you."),
    "md_go_elsewhere": N_("A strong Wealth line of the outer trigram {line} feeds, combines or holds your world "
                          "line: go and sell elsewhere."),
    "md_nothing_there": N_("No Wealth line feeds, combines or holds your world line, or it changes for the worse: "
                           "nothing for you there."),
    "md_collect_now": N_("Wealth holds your world line inside, and the other side {line} moves to feed or combine "
                         "you: stay and collect what is owed."),
    "md_collect_when_he_moves": N_("Wealth holds your world line inside, the other side {line} is outside: the money "
                                   "comes once it moves; wait for it."),
    "md_do_not_sit_still": N_("A six-harmony hexagram with a moving Wealth on your world line: do not sit still."),
    "md_change_allowed": N_("Wealth {line} and your world line are both strong: a change of course is allowed."),
    "md_wait_for_the_season": N_("A six-harmony hexagram with Wealth {line} weak and still: hold and wait for its "
                                 "season."),
    "md_hold_on": N_("Wealth {line} and your world line are both weak: hold on, a change will not help."),
    "md_sell_further_off": N_("Wealth {line} advances: sell further off."),
    "md_sell_outside": N_("The Wealth of the inner trigram {line} is weak: sell outside."),
    "md_sell_near_home": N_("Your world line retreats: go back and sell near home."),
    "md_near_is_better": N_("A strong Wealth holds your world line: near home is better."),
    "md_cheap_now_dear_later": N_("Wealth {line} is weak and changes into strength: cheap now, dear later."),
    "md_sell_quickly": N_("Wealth {line} is strong but changes into weakness: sell quickly, do not buy."),
    "dh_price_right_now": N_("The price line {line} is weak and still, but the day or month feeds or combines it: "
                             "the price is right now."),
    "xn_world_retreats": N_("The site (world line) retreats: in the end the grave will have to be moved."),
    "xn_vein_lasts": N_("The strong site (world line) changes for the better: the earth vein runs long."),
    "xn_descendants_decline": N_("{line} retreats: each generation does less well than the last."),
    "xn_noble_descendants": N_("{line} is strong and changes for the better: worthy, eminent descendants."),
    "xn_coffin_on_coffin": N_("A Ghost with the White Tiger, or a Ghost's tomb, on the strong, supported site: an "
                              "old burial lies beneath — a coffin over a coffin, which can still prosper."),
    "xn_old_burial_beneath": N_("A Ghost with the White Tiger, or a Ghost's tomb, on the weak site: an old burial "
                                "lies beneath; do not use it."),
    "xn_quick_fortune": N_("{line} is strong, supported by the day or month and with the Azure Dragon: a good "
                           "site whose fortune comes quickly."),
    "xn_frame_fine_site": N_("The world, the response and Offspring form a frame: a fine site."),
    "xn_flood_or_move": N_("A trigram changes into the one that overcomes it: the grave is flooded, or has to be "
                           "moved."),
    "xn_will_be_moved": N_("The hexagram reverses (反吟): the grave will be moved."),
    "hyn_swindle_costs": N_("{line} moves with the Black Tortoise: beware of deceit; it will cost a great deal."),
    "hyn_mourning": N_("{line} moves with the White Tiger: a death in the family, before or soon after the "
                       "wedding."),
    "hyn_married_again": N_("Several Wealth lines, or Wealth turning into Wealth, with a moving Sibling or "
                            "Wealth struck by the day or month: more than one marriage."),
    "hyn_two_at_once": N_("{line} changes into Wealth: two brides at once, many wives, or a rich dowry."),
    "hyn_good_wife": N_("Several strong Wealth lines feed or combine with your world line: a good wife."),
    "ca_clash_but_strong": N_("A six-clash hexagram, but the mother and the child are strong: all ends in joy."),
    "ca_harmony_but_empty": N_("A six-harmony hexagram, but the mother's line is void or the child's broken: "
                               "still a worry."),
    # the parts of a matter read apart (core.question.Aspect)
    "tj_he_gets_the_better": N_("The other person {line} overcomes or clashes your world line: he will take "
                                "advantage of you."),
    "tj_good_for_both": N_("Your world line and the other person's combine or feed each other, or the day, the "
                           "month or a moving line feeds both: good for both of you."),
    "tj_harm_to_me": N_("Your world line {line} is struck: the harm falls on you."),
    "tj_harm_to_him": N_("The other person {line} is struck: the harm falls on him."),
    "tj_he_fears_me": N_("Your world line overcomes the other person's: he stands in awe of you."),
    "cz_ghost_strikes_world": N_("A moving Ghost strikes your world line: the worst sign for building work."),
    "cz_world_in_ghost_tomb": N_("Your world line lies in a Ghost's tomb: building brings one trouble after another."),
    "cz_six_clash": N_("A six-clash hexagram: building work shuns it."),
    "cz_world_and_house_change_well": N_("Your world line and the house {other} both move and change for the "
                                         "better: the house stands safe and thrives."),
    "cz_house_strong": N_("The house {line} is strong: your standing rises."),
    "xfd_world_on_offspring": N_("Offspring holds your world line: the best sign for breaking ground."),
    "xfd_ghost_moves": N_("A Ghost moves: the root of trouble in the work."),
    "xfd_stop_work": N_("Your world line is weak and struck: stop the work for now."),
    "xfd_world_strong": N_("Your world line is strong and supported: the work may go ahead."),
    "xfd_start_towards": N_("Offspring ({line}): begin the work on the {direction} side."),
    "xfd_do_not_dig": N_("The Ghost ({line}): do not dig on the {direction} side."),
    "xfd_house_void": N_("The house {line} is void or empty: what is built will not hold."),
    "xfd_house_dispersed": N_("The house {line} is broken by the month or the day: the house is at risk of "
                              "being scattered."),
    "ju_this_place_harms": N_("A Ghost moves, or holds your world line, and Offspring does not act: the trouble "
                              "comes from this place."),
    "ju_not_this_place": N_("Offspring holds the world or moves, or no Ghost moves: the trouble does not come "
                            "from this place."),
    "ju_household_safe": N_("Offspring holds your world line or moves: whatever haunts the house slinks away; "
                            "the household is safe."),
    "ju_old_debts": N_("A Ghost strikes your world line, or it lies in a Ghost's tomb or turns into a Ghost: old "
                       "grudges and debts come due — mend your ways and do good."),
    "ju_parents_worry": N_("Wealth moves against Parent, or the two turn into each other: worry for the parents."),
    "ju_children_harmed": N_("Parent moves against Offspring, or Ghost and Offspring turn into each other: harm to "
                             "the children."),
    "ju_siblings_and_spouse": N_("Ghost, Sibling and Wealth strike or turn into one another: beware of harm to "
                                 "brothers and sisters, and of a parting of husband and wife."),
    "yh_grave_harmed": N_("The grave {line} is clashed or overcome: something harms it; repair it soon."),
    "yh_settles_itself": N_("No line moves and the grave {line} has strength: it will settle by itself; no repair "
                            "is needed."),
    "yh_water": N_("{line} strikes the grave: water — it seeps into the vault, or the low ground floods."),
    "yh_roots": N_("{line} strikes the grave: tree or bamboo roots are reaching it."),
    "yh_felling": N_("{line}, wood with the White Tiger, strikes the grave: trees felled nearby harmed it."),
    "yh_fire_or_vermin": N_("{line} strikes the grave: fire — a kiln or a stove nearby, or snakes and ants nesting in "
                            "it."),
    "yh_fright": N_("{line}, metal with the White Tiger, strikes the grave: a shock — the earth shook or the hill "
                    "slid."),
    "yh_rocks": N_("{line} strikes the grave: rocks and stones in the ground press on it."),
    "yh_secret_burial": N_("{line}, earth with the Black Tortoise, strikes the grave: someone buried a body nearby "
                           "in secret."),
    "yh_earthworks": N_("{line} strikes the grave: earthworks nearby — digging, walls or a building."),
    "yh_frame_wind": N_("The {frame} wood frame overcomes the palace: wind has shifted the coffin."),
    "yh_frame_water": N_("The {frame} water frame overcomes the palace: water wells up in the grave and tilts the "
                         "coffin."),
    "yh_frame_rocks": N_("The {frame} metal frame overcomes the palace: rocks and stones in the hill."),
    "yh_frame_fire": N_("The {frame} fire frame overcomes the palace: a kiln fire or a thunder strike."),
    "yh_build_wall": N_("No Earth line has strength: build a wall around the grave."),
    "yh_set_stone": N_("No Metal line has strength: set up a stone tablet."),
    "yh_hearth_or_lodge": N_("No Fire line has strength: build a hearth with a chimney, or a keeper's lodge."),
    "yh_dig_pond": N_("No Water line has strength: dig a pond or a channel."),
    "yh_plant_trees": N_("No Wood line has strength: plant trees."),
    "xb_repair_brings_peace": N_("Offspring holds your world line or moves: the repair will bring peace."),
    "xb_repair_harms_me": N_("A moving Ghost strikes your world line: the repair will harm you."),
    "xb_move_the_grave": N_("The grave {line} is empty, broken, entombed or cut, and struck as well: the harm is too "
                            "deep to repair; move the grave."),
    "fu_bury_elsewhere": N_("Six-clash into six-clash, a trigram turning into its enemy, a reversal, or the grave "
                            "{line} hurt: bury the newly dead elsewhere."),
    "fu_not_for_the_asker": N_("Your world line is struck, entombed, or turns into its enemy or a Ghost: the burial "
                               "does not suit you."),
    "fu_kin_harmed": N_("{line} changes into a Ghost or into its enemy: harm to that kin."),
    "fu_peace_for_all": N_("Nothing turns against the world or the kin, and the hexagram is still or six-harmony: "
                           "peace for the dead and the living."),
    "dm_no_bond": N_("Both the world line and the geomancer {line} are void: no bond between you."),
    "dm_no_talent": N_("The geomancer {line} is void or broken: no skill to follow."),
    "dm_take_him": N_("The geomancer {line} is strong and feeds, combines or joins a frame with your world line: "
                      "take him, even if he seems no scholar."),
    "dm_do_not_take_him": N_("The geomancer {line} is weak and clashes or strikes your world line: do not take him, "
                             "however learned."),
    "hz_no_children": N_("Offspring is entombed, cut or turns into a Ghost, Offspring and Parent or Ghost turn into "
                         "each other, or a Parent moves against it: no children from this marriage."),
    "hz_children": N_("Offspring {line} is strong, or moves: there will be children."),
    "hz_many_children": N_("Offspring {line} advances or is fed by its change: many children."),
    "hf_wealth_moves": N_("Wealth moves against the parents: the marriage stands in their way."),
    "hf_parents_decline": N_("The parents {line} are overcome by the day or month, or change for the worse, or "
                             "Wealth turns into Parent: the evening of their lives."),
    "hf_no_harm": N_("Nothing named by the chapter touches the parents {line}, strong or weak: no harm to them."),
    "ql_no_worry": N_("Offspring holds your world line or moves: nothing to fear."),
    "ql_even_better": N_("Wealth holds your world line and moving Offspring feeds it: better still."),
    "ql_harm_to_me": N_("A moving Ghost or Sibling strikes your world line, or it lies in a Ghost's tomb: harm to "
                        "you."),
    "ql_illness_follows": N_("A Ghost holds your world line: the marriage may come about, but illness follows it."),
    "ql_trapped": N_("A Sibling holds your world line, or moving Wealth strikes it: a trap — you lose both the "
                     "person and the money."),
    "ql_ghost_moves": N_("A Ghost moves: trouble in the way."),
    "ql_sibling_on_world": N_("A Sibling holds your world line: it will not come about in the end."),
    "ql_wealth_feeds_world": N_("Moving Wealth feeds your world line: it comes about without scheming."),
    "ql_clash_to_clash": N_("Six-clash into six-clash: bad."),
    "ql_clash_to_harmony": N_("Six-clash turns into six-harmony: it comes about in the end."),
    "ql_harmony_to_clash": N_("Six-harmony turns into six-clash: it comes about but does not last."),
    "ql_harmony_or_frame": N_("A six-harmony hexagram or a frame: good."),
    # 終身財福, 終身功名, 學業, 治經, 延師 (core/chapters/life.py, core/chapters/learning.py)
    "cf_prosperous": N_("Your world line, Wealth and Offspring are all firm: a prosperous household and lasting fortune."),
    "cf_rich_then_poor": N_("Wealth and your world line are strong but Offspring, the source, is not: rich first, poorer later."),
    "cf_comfort_without_wealth": N_("Your world line and Offspring are strong but Wealth is not: comfort without wealth of your own, living on what exists or on money others manage."),
    "cf_poor_in_a_rich_house": N_("Wealth and Offspring are strong but your world line is not: a poor man in a rich house."),
    "cf_fortune_in_its_year": N_("Wealth and Offspring hold power and your world line still has some force: fortune comes in the year that feeds it."),
    "cf_rich_but_not_well": N_("Wealth and Offspring are strong but your world line has no force: enough to live on, yet illness, lawsuits or meanness spoil it."),
    "cf_wealth_cannot_save": N_("Wealth and Offspring are strong but your world line has fallen: all the money in the world cannot buy life."),
    "cf_house_falls": N_("Wealth or Offspring has fallen (empty, broken, entombed, cut or turning bad): the household's fortune collapses."),
    "cf_gets_by_on_strength": N_("Wealth and Offspring have fallen but your world line stands firm: strength and a small skill get you by."),
    "cf_destitute": N_("Your world line, Wealth and Offspring are all without force: a life short of food and clothing."),
    "cf_poor_but_content": N_("Your world line and Offspring have force, Wealth has none: poor, yet content and at peace."),
    "cf_money_passes": N_("Your world line and Wealth have force, Offspring has none: money passes through your hands, but little is saved."),
    "cf_money_passes_helped": N_("Your world line and Wealth have force and are supported: money passes through your hands, and a modest success comes."),
    "cf_void_world_waits": N_("Your world line is void but strong, moving or clashed by the day: not a life without success — fortune breaks out in the year the void is filled."),
    "cf_void_world_fails": N_("Your world line is void, still and weak: whatever you undertake over your life tends to come to nothing."),
    "cf_entombed_world": N_("Your world line lies weak in its tomb: muddled and thwarted in whatever you do."),
    "cf_entombed_until_clash": N_("Your world line is in its tomb but has support: confused until the year that clashes the tomb open, then it thrives like a shoot after rain."),
    "cf_clash_no_household": N_("A six-clash hexagram with your world line, Wealth and Offspring all without force: a household hard to found and keep."),
    "cf_self_made": N_("Wealth holds your world line, strong on its own: you build your household by your own hand."),
    "cf_strong_alone_gets_by": N_("A Sibling, Parent or Ghost holds your world line, strong on its own: you hold your own, but little more."),
    "cf_raised_by_others": N_("Your weak world line is raised by Wealth, or holds it: good people help you up and you build a household with their help."),
    "cf_helped_gets_by": N_("Your weak world line is supported, but a Parent or Sibling holds it: only enough to get by."),
    "cf_favoured_from_above": N_("The year, the month or the day feeds your world line: favour from those above and loyalty from those below."),
    "cf_pressed_from_above": N_("The day or the month clashes or overcomes your world line: pressure from superiors, friction with colleagues, slander."),
    "cf_favour_lost": N_("The year or the fifth line clashes or overcomes your world line: you lose the favour of the highest."),
    "cf_lofty_mind": N_("Offspring with the Green Dragon holds your world line: lofty aims, little care for riches."),
    "cf_parent_world_struck": N_("A weak Parent holds your world line and is struck: a precarious living, more bad than good."),
    "cf_renown_without_office": N_("A strong Parent holds your world line while the Ghost is not strong: renown without office."),
    "cf_toil": N_("A Parent holds your world line: a life of hard work and toil."),
    "cf_office_world_sickly": N_("A Ghost without force holds your world line: lingering illness or infirmity."),
    "cf_empty_name": N_("A Ghost with force holds your world line but Wealth has none: a post or a skill, but an empty name."),
    "cf_office_world_patrons": N_("A Ghost with force holds your world line and is supported: patrons favour you, and you build your house and career."),
    "cf_rising_fortune": N_("Wealth on your world line advances, or a moving Wealth feeds your world line: your affairs grow and the house prospers from now on."),
    "cf_slow_decline": N_("Wealth on your world line retreats: the household declines little by little."),
    "cf_sudden_ruin": N_("Wealth on your world line retreats and the world line is struck: not a slow decline but sudden ruin."),
    "cf_ghost_strikes_hard": N_("Your world line turns into a Ghost that strikes it, or the day or month as a Ghost overcomes it: grave harm; look at once for a way to avoid it."),
    "cf_ghost_ruins": N_("A strong moving Ghost overcomes your weak world line: harm to your person and ruin of the house."),
    "cf_ghost_troubles": N_("A moving Ghost overcomes your world line: lawsuits, envy or hidden harm over your life."),
    "gm_office_by_study": N_("Office and learning (Ghost and Parent) rise together and bear on your world line: a name made through study."),
    "gm_office_by_means": N_("Office and Wealth move together toward your world line: a position reached through means and money."),
    "gm_office_by_merit": N_("Office alone is strong, or the White Tiger moves on your side: a name won by deeds and merit."),
    "gm_raised_from_the_ranks": N_("The year's line or the fifth line moves to feed your strong world line, with a strong Ghost: raised from the ranks."),
    "gm_never_in_office": N_("Offspring holds your world line and moves: never a place among the high officials."),
    "gm_no_name": N_("Your still world line or the office is void or broken: no name is made."),
    "xy_study_rises": N_("Your world line and learning (Parent) are favoured: the studies rise step by step."),
    "xy_study_abandoned": N_("A moving Wealth overcomes learning: the studies are abandoned half way."),
    "xy_no_degree": N_("Offspring moves or holds your world line: no rank or degree comes of it, however long."),
    "xy_bare_living": N_("A Sibling holds your world line: the profession gives only a bare living."),
    "xy_blamed_not_praised": N_("A Sibling moves against your weak world line: blame rather than praise."),
    "xy_respected_calling": N_("Wealth or the Ghost holds your world line and all three are firm: a respected calling that pays."),
    "xy_healer_thrives": N_("Offspring, which subdues the Ghost, holds your world line or moves: the healing work succeeds."),
    "xy_lifelong_toil": N_("A Sibling holds your world line or moves strong: a lifetime of toil at the craft."),
    "xy_nothing_succeeds": N_("Your world line is weak, void, broken, entombed or cut: in learning nothing comes to success."),
    "xy_beware_the_unforeseen": N_("Your weak world line is entombed with a Ghost, struck, or turns bad: not only does learning fail, beware the unforeseen."),
    "zj_subject_suits": N_("The subject you named suits you: office and learning favour your world line."),
    "zj_try_another_subject": N_("The subject you named does not suit you: ask again, sincerely, about another."),
    "ysh_good_teacher": N_("The teacher (Parent) is strong, on the day or month, or turns for the better: learn from this teacher."),
    "ysh_teacher_useless": N_("The teacher (Parent) is weak, empty, broken, cut or turns bad: paid for nothing, no real teaching."),
    "ysh_lazy_teacher": N_("The teacher (Parent) is entombed or cut: idle, or does not really teach."),
    "ysh_forms_character": N_("A strong teacher feeds or combines with your world line: a teacher who forms character."),
    "ysh_strict_but_effective": N_("The teacher overcomes your world line, which stands firm: strict, and it works."),
    "ysh_teacher_a_burden": N_("The teacher overcomes your weak world line: the teacher becomes a burden."),
    "ysh_lax_discipline": N_("Wealth holds your world line and overcomes the teacher: lax discipline, or a teacher afraid of the pupil."),
    "ysh_lawsuit_later": N_("A moving Ghost turns into the teacher and strikes your world line: a dispute with the teacher later, even if checked now."),
    "ysh_do_not_follow": N_("A moving Ghost overcomes your world line, or your world line turns bad: do not take this teacher."),
    "ysh_pupil_surpasses": N_("Your world line is strong and supported, or turns for the better: real progress; the pupil may surpass the master."),
    "ysh_lazy_then_diligent": N_("The moving teacher is weak and turns strong: lazy at first, diligent later."),
    "ysh_diligent_then_lazy": N_("The moving teacher is strong and turns weak: diligent at first, slack later."),
    "ysh_teaches_another_subject": N_("The teacher turns into Parent again: teaches another subject than expected."),
    "ysh_teacher_sickly": N_("The teacher turns into Wealth: often ill."),
    "ysh_teacher_well_connected": N_("The teacher turns into a Ghost: well connected with people of rank."),
    "ysh_teacher_greedy": N_("The teacher turns into a Sibling: fond of money."),
    "ysh_like_father_and_son": N_("Your world line and the teacher form a three-harmony with the day or month: close as father and son, years of teaching."),
    "ysh_no_fit": N_("A six-clash hexagram, or your world line and the teacher overcome each other: no fit between you."),
    "ysh_tutor_will_not_come": N_("The tutor (the response line) is void or broken: he will not come."),
    "ysh_tutor_and_family_agree": N_("The tutor (response) and your family (world) feed or combine each other: a good match."),
    "ysh_tutor_benefits_us": N_("The tutor feeds your world line: your family gains from him."),
    "ysh_tutor_and_family_clash": N_("The tutor (response) and your family (world) overcome or clash with each other: a poor match."),
    "ysh_tutor_may_change": N_("The tutor's line moves: he may change his mind."),
    "ysh_employer_half_hearted": N_("Your world line is void: your own resolve is not firm."),
    "ysh_dismiss_at_once": N_("Offspring, your child, turns into a Ghost: let the tutor go at once."),
    "ysh_do_not_hire": N_("Offspring, your child, turns back against itself: do not hire this tutor."),
    "ysh_tutor_harms_child": N_("A moving Parent overcomes Offspring, your child: more harm than good."),
    "ysh_child_gains": N_("A strong Parent combines with Offspring, your child: the child gains in name and in substance."),
    "qh_club_forms_well": N_("The money is strong and your world line and the response feed each other: a good club to be in."),
    "qh_club_forms_after_all": N_("Six-clash turns into six-harmony: the club forms after all, even with friction between the sides."),
    "qh_good_start_bad_end": N_("Six-harmony turns into six-clash: a good start, a poor end."),
    "qh_club_short_lived": N_("A six-clash hexagram: even with strong money the club does not last."),
    "qh_stop_now": N_("The money is cut or broken: stop at once."),
    "qh_club_breaks_up": N_("The money turns back against itself, or is weak, still and empty in a six-clash: the club breaks up and the pot never comes."),
    "qh_pot_is_yours": N_("Strong Wealth holds your world line: the pot will be yours."),
    "bz_pay_and_patron_strong": N_("Wealth and the Ghost are both strong: the pay and the patron's standing hold up."),
    "bz_all_goes_well": N_("Wealth holds your world line and the Ghost the response: everything goes as you wish."),
    "bz_i_gain": N_("Wealth holds your world line and Offspring the response: you gain, the other side bears the cost."),
    "bz_he_gains": N_("The Ghost holds the response and your world line is broken: he gains, you lose."),
    "bz_not_good_for_me": N_("Your world line is void, broken, entombed or turns bad: not a good turn for you."),
    "bz_patron_turns": N_("The response overcomes your world line: beware the one you serve turning against you."),
    "bz_trouble_shallow": N_("The response or a Sibling strikes your world line: the trouble it brings stays shallow."),
    "bz_health_at_risk": N_("A Ghost strikes your world line or your world line turns into one: look after your health, an illness could be serious."),
    "bz_better_stay_idle": N_("A Sibling holds your world line: better to stay at home than to serve for this pay."),
    "bz_both_void": N_("Your world line and the response are both void: nothing real on either side."),
    "cf_rich_but_coarse": N_("Wealth with the White Tiger holds your world line: coarse in manner, perhaps, but a well-off house."),
    "cf_checked_wealth_later_ruin": N_("Strong Wealth on your world line is held in check: a fall to come later."),
    "cf_trade_brings_wealth": N_("Wealth and Offspring are strong of themselves: trade, business or the land bring plenty."),
    "cf_sudden_rise": N_("A weak Wealth on your world line is fed or combined by the day, the month or a moving line: a sudden rise of the house."),
    "cf_retreat_if_wished": N_("Offspring holds your world line alone and Wealth has fallen: a life apart from the world suits you, if that is your wish."),
    "cf_never_punished": N_("Offspring holds your world line: you will not fall foul of the law."),
    "cf_bound_just_enough": N_("Your moving world line (Wealth or Sibling) is held by a combination: just enough to live on, not plenty."),
    "cf_bound_drudge": N_("Your world line is held and without force, Wealth and Offspring have none, a Sibling moves: a life of running errands under others."),
    "mc_do_not_trade": N_("Ghost or Parent crosses with Offspring, a Parent or Sibling holds your world line, or Wealth is void or broken: do not go ahead."),
    "mc_profitable": N_("Wealth is fed or Wealth turns into Offspring: the animals bring a good profit, the more the better."),
    "mc_some_profit": N_("Offspring holds your world line and Wealth combines with it: some profit."),
    "yy_rest_not_medicine": N_("A Parent holds your world line: medicine works poorly; rest, calm and moderation help more."),
    "yy_call_again": N_("A Sibling holds your world line and Offspring moves: call the doctor again."),
    "yy_wrong_medicine": N_("A Sibling holds your world line with Offspring moving, but the Ghost is strong or moving: beware the wrong medicine."),
    "yy_mind_the_diet": N_("Wealth holds your world line: avoid rich food while you recover."),
    "yy_good_doctor_found": N_("Wealth on your world line is strong and supported: a good doctor will be found."),
    "yy_no_cure": N_("Wealth on your world line is weak and struck: no medicine can help."),
}

CHAPTER_TIMINGS: dict[str, str] = {
    "fa_tomb_opened": N_("the day that opens the tomb of {line}: the results are posted"),
    "fa_filled": N_("the day that fills {line}: the results are posted"),
    "fa_void_clashed": N_("the day that clashes the void {line}: the results are posted"),
    "fa_own_day": N_("the day of {line} itself: the results are posted"),
    "fa_combined_day": N_("the day that combines {line}: the results are posted"),
    "fa_clash_day": N_("the day that clashes {line}: the results are posted"),
    "fa_birth_day": N_("the day of the birth (長生) of {line}: the results are posted"),
    "fa_peak_day": N_("the day of the peak (帝旺) of {line}: the results are posted"),
    "cq_birth_day": N_("when the child is born, by {line} (產期)"),
    "cx_departure_day": N_("the day of departure, that clashes {line}"),
    "dh_price_harmony_month": N_("the month that combines the moving price line {line}: the price comes"),
    "dt_site_found": N_("when the site is found, by the world line {line}"),
    "ts_clear_ends_cut_day": N_("the fine weather ends on the day {line} is cut (絕)"),
    "ts_clear_ends_tomb_day": N_("the fine weather ends on the day of the tomb of {line}"),
    "xn_moved_year": N_("the year or month that clashes the site {line}: the grave is moved"),
    "dh_price_month": N_("the month the price of {line} comes"),
    "jb_child_void_day": N_("when the void {line} is filled or clashed"),
    "qb_void_ends_day": N_("when the void {line} leaves the void: the worry ends"),
    "qc_money_on_tomb_day": N_("on the tomb day of {line}, too strong: the money comes"),
    "qc_robbers_tomb_day": N_("the tomb day of the moving Sibling {line}: beware of loss"),
    "syu_danger_year": N_("a year of danger for the weak {line}"),
    "syu_enemy_combined_year": N_("a year that combines the moving enemy {line}"),
    "syu_enemy_own_year": N_("the year of the moving enemy {line}'s own branch"),
    "syu_source_clash_year": N_("a year that clashes the moving source {line}"),
    "syu_source_cut_year": N_("a year when the moving source {line} is cut (絕)"),
    "syu_source_tomb_year": N_("a year when the moving source {line} is entombed"),
    "ts_birth_day": N_("on the day of the birth (長生) of {line}"),
    "ts_clear_on_cut_day": N_("clearing on the day {line} is cut (絕)"),
    "ts_clear_on_tomb_day": N_("clearing on the day of the tomb of {line}"),
    "ts_rain_on_cut_day": N_("rain on the day {line} is cut (絕)"),
    "ts_rain_on_tomb_day": N_("rain on the day of the tomb of {line}"),
    "ts_tie_clashed_day": N_("on the day that clashes the tie on {line} open"),
    "ts_void_clashed_day": N_("on the day that clashes the void {line}"),
    "ts_void_filled_day": N_("on the day that fills the void {line}"),
    "xr_arrival": N_("when the one away ({line}) arrives"),
    "yg_arrival_day": N_("the day of arrival, when the change of {line} is filled"),
    "yy_medicine_void_day": N_("when the void change of the medicine {line} fills"),
    "zsi_child_void_year": N_("the year that fills or clashes the void {line}: a child"),
    "zx_arrival_day": N_("the day of arrival by boat ({line})"),
    "cf_filled_year": N_("the year that fills the moving void or broken {line}: its fortune arrives"),
    "cf_void_world_year": N_("the year that clashes or fills the void {line}: fortune breaks out"),
    "cf_tomb_opened_year": N_("the year that clashes open the tomb of {line}: you come into your own"),
    "cf_world_revived_year": N_("a year that feeds {line}: your fortune revives"),
    "qh_pot_day": N_("the day the pot comes, by {line}"),
}
