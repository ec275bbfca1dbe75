"""Sentences of 玉照定真經 V51–V105: what the classic says, in measured words (never a forecast)."""

from __future__ import annotations

from bot.render.i18n import N_

TEXTS: dict[str, str] = {
    "V51": N_("The classic counts the life palace (命宮) from the birth month and hour and lays out the twelve palaces "
              "from it; it reads each palace against the passing years, which the chart alone does not give."),
    "V54": N_("The classic weighs whether the day and hour feed or attack the year pillar's stem and sound element "
              "(納音): feeding means advance, attack means retreat."),
    "V54.elders": N_("The year stem finds its birth place (長生) on the day or hour branch: the classic reads this as "
                     "elders looking on the native with favour."),
    "V54.elders_noble": N_("The year stem finds its birth place (長生) on the day or hour branch and is strong in the "
                           "season: the classic reads this as advancement through the rich and noble."),
    "V54.juniors": N_("The day or hour sound element feeds the year's: the classic reads this as help from ordinary "
                      "people and thriving descendants."),
    "V54.against_elders": N_("The day or hour stem overcomes the year stem: the classic reads this reverse as retreat"
                             " and trouble on the side of elders."),
    "V54.against_juniors": N_("The day or hour sound element overcomes the year's: the classic reads this reverse as "
                              "retreat and trouble on the side of juniors."),
    "V55": N_("The native's own frame (本卦) of the sound element is complete and in season: the classic reads this as "
              "wealth and rank, favoured by the great."),
    "V55.guest": N_("The native's own frame is complete but out of season, a guest frame (客卦): the classic says it "
                    "looks rich and noble without being so."),
    "V55.unformed": N_("The frame is complete and in season, but with no earth sound element in the chart the classic"
                       " says water or metal does not take full form."),
    "V56": N_("The full frame of the element that overcomes the native's sound element is present: the classic reads "
              "this as a sign of a soldier or a bandit."),
    "V57": N_("The branch one place ahead of the year, counted by the year stem's polarity, appears: the classic "
              "reads this as family graves disturbed or made anew."),
    "V58": N_("The branch one place behind the year appears: the classic reads this as a household that finds it hard"
              " to establish its home."),
    "V59": N_("Both 酉 (the maid) and 戌 (the manservant) appear: the classic reads this as worries brought by servants"
              " and petty people."),
    "V59.metal": N_("Both 酉 and 戌 appear and carry metal: the classic reads this as heavier worries and troubles from"
                    " servants and petty people."),
    "V60": N_("The classic reads certain 丁 pillars, and 己酉, as signs about the daughters of the household."),
    "V60.poetry": N_("The classic reads a 丁巳 pillar as a sign that a daughter of the household loves poetry and "
                     "books."),
    "V60.wine": N_("The classic reads a 丁未 pillar as a sign that a daughter of the household is fond of wine."),
    "V60.lonely": N_("The classic's table calls a 丁酉 pillar the lonely daughter (孤女)."),
    "V60.jade": N_("The classic's table calls a 丁卯 pillar the jade daughter (玉女)."),
    "V60.beauty": N_("The classic says a 己酉 pillar brings forth a beauty in the household."),
    "V61": N_("The classic reads 甲 (the Azure Dragon) and 己 (the Great Constancy) standing on 亥, 未, 卯 or 寅 as a sign "
              "of profit from silk and cotton."),
    "V62": N_("With 甲, 乙, 壬 and 癸 all present, the classic says a woman of the household may be drawn into the "
              "courtesan's life (烟花)."),
    "V63": N_("The classic reads the build of the body from the day and hour branches."),
    "V63.thin": N_("The day or hour branch is where the native's sound element is extinguished (絕): the classic reads"
                   " this as a thin, small build."),
    "V63.lofty": N_("A day or hour pillar on 子, 午, 卯 or 酉 has strength: the classic reads this as lofty, imposing "
                    "conduct."),
    "V63.big": N_("A day or hour pillar on 子, 午, 卯 or 酉 lacks strength: the classic reads this as a large body."),
    "V64": N_("Many 丙 and 丁 stems, one on its sickness or death ground: the classic links this with gossip and sores."),
    "V64.kidney": N_("Many 壬 and 癸 stems, one on 寅 or 卯: the classic links this with the kidneys and cold illness."),
    "V64.liver": N_("Many 甲 and 乙 stems, one on 巳 or 午: the classic links this with wind illness and the liver."),
    "V64.spleen": N_("Many 戊 and 己 stems, one on 寅 or 卯: the classic links this with the limbs and the spleen."),
    "V64.lung": N_("Many 庚 and 辛 stems, one on 亥 or 子: the classic links this with cold in the lungs."),
    "V65": N_("One sound element fills most of the chart: the classic says neither excess nor deficiency is good, and"
              " the elements should be even."),
    "V65.water": N_("Water fills the chart to excess: the classic reads this as a restless, wandering life that does "
                    "not settle."),
    "V65.fire": N_("Fire fills the chart to excess: the classic says loss comes at the very height of its blaze."),
    "V65.wood": N_("Wood fills the chart to excess: the classic reads this as breaking and being hurt."),
    "V65.metal": N_("Metal fills the chart to excess: the classic reads this as inauspicious."),
    "V65.checked": N_("One element is in excess but its controlling element is present: the classic says an excess "
                      "needs exactly such a check."),
    "V65.deficient": N_("The native's sound element stands alone with nothing to feed it: the classic reads such "
                        "deficiency as a sign of ruin."),
    "V65.deficient_wealth": N_("The native's sound element stands alone and unfed, but the chart holds what it "
                               "overcomes, its wealth: the classic says such a native is not destitute."),
    "V66": N_("All four branches are of the day side, the south: the classic reads this pure yang as a sign of a "
              "ruined household and deaths in it."),
    "V67": N_("All four branches are of the night side, the north: the classic reads this as the decline of the "
              "household's sons and daughters."),
    "V68": N_("The eastern branches are complete with none of the west: the classic says wife and children are hard "
              "to keep."),
    "V69": N_("The western branches are complete with none of the east, and metal is strong in the season: the "
              "classic reads this as ill fortune for the master of the house."),
    "V70": N_("壬 and 癸 sit on 亥 and 子 in several pillars: the classic reads this as a skilled craftsman."),
    "V71": N_("With 癸, 甲 and 壬 all present, the classic says someone of the household is bearded, cunning and given "
              "to flattery."),
    "V72": N_("The month or conception pillar combines with the year: the classic reads this as ancestors who were "
              "established in another family."),
    "V73": N_("The year stem combines with the day or hour stem: the classic reads this as the native leaving home to"
              " establish elsewhere."),
    "V74": N_("The classic divides stem combinations into inner and outer ones and reads them on the month."),
    "V74.inner": N_("The month stem combines with the year stem, an inner combination: the classic reads this as "
                    "being established at home."),
    "V74.outer": N_("The month stem combines with a stem other than the year's, an outer combination: the classic "
                    "reads this as being established away from home."),
    "V75": N_("The classic compares the year stem and its partner on the day or hour to see which spouse is the "
              "stronger."),
    "V75.husband": N_("Of the year stem and its partner on the day or hour, the yang stem, the husband, stands on "
                      "strong ground: the classic reads the husband as the stronger."),
    "V75.wife": N_("Of the year stem and its partner on the day or hour, the yin stem, the wife, stands on strong "
                   "ground: the classic reads the wife as the stronger."),
    "V76": N_("Two stem combinations across four pillars: the classic reads this as a later wife who bears the heir."),
    "V77": N_("A pillar between two combining stems overcomes one of them: the classic reads this blocked combination"
              " as damage to wife, children, wealth and household."),
    "V78": N_("Several stem combinations whose transformed element lies on its tomb or extinction ground: the classic"
              " reads this as two surnames and three names, as in adoption."),
    "V79": N_("The day or hour is a pillar of hidden combination (暗合): the classic reads this as fostered, adopted or"
              " orphaned children."),
    "V80": N_("The year's Earth Killer (地殺) appears twice, or on the hour: the classic reads this as being born of "
              "another mother."),
    "V81": N_("壬 and 乙, the private-gate stems, meet in the junior pillars: the classic reads this as birth from a "
              "secondary wife."),
    "V81.self": N_("壬 and 乙, the private-gate stems, meet with one of them on the year itself: the classic reads this"
                   " as the native's own secret liaisons."),
    "V82": N_("The year stem combines with the day or hour stem, whose branch is the bathing ground (敗) of the "
              "native's sound element: the classic reads this as a sign of licentiousness."),
    "V83": N_("The native's sound element stands on strong ground on the day or hour branch: the classic asks what "
              "that pillar's stem is to the year stem."),
    "V83.noble": N_("The native's sound element is strong on the day or hour branch and that stem is the year stem's "
                    "officer or ghost: the classic reads this as rank and renown."),
    "V83.wealth": N_("The native's sound element is strong on the day or hour branch and the year stem overcomes that"
                     " stem: the classic reads this as wealth."),
    "V84": N_("Several stems stand on their own birth ground (長生): the classic reads this as a sign of twins."),
    "V84.sons": N_("Fire stems stand on their birth ground 寅 two or three times: the classic reads this as twin sons."),
    "V84.daughters": N_("Water stems stand on their birth ground 申 two or three times: the classic reads this as twin"
                        " daughters."),
    "V84.both": N_("Stems of different kinds stand on the four birth grounds: the classic reads this as twins, a son "
                   "and a daughter."),
    "V85": N_("The hour stem combines with the conception stem: the classic reads this as a birth past its due month."),
    "V86": N_("Several 辛 stems with metal strong in the season: the classic says the old women of the family live "
              "long."),
    "V87": N_("A pillar punishes the year branch and its sound element overcomes the native's: the classic reads this"
              " as a sign of a violent or unlawful death."),
    "V88": N_("A single 甲 among many 壬 and 癸: the classic says the native was born near a river or by the water."),
    "V89": N_("A lone wood sound element among many water: the classic reads this as a rootless, drifting life far "
              "from home."),
    "V90": N_("丙 or 辛 stands on the gate of heaven (乾) or of earth (巽): the classic reads this as a diviner, a "
              "physician or one of the nine schools."),
    "V91": N_("A day or hour stem attacks the year stem unchecked while its branch punishes the year's: the classic "
              "associates this with a squint or troubles of the face and eyes."),
    "V92": N_("Many 戊 and 己 in a sixth- or seventh-month birth: the classic says descendants of the household become "
              "local officials."),
    "V92.wealth": N_("Many 戊 and 己 in a fourth- or fifth-month birth: the classic reads this as wealth rather than "
                     "office for the descendants."),
    "V93": N_("子 and 巳 stand on the day and hour, both weak in the season: the classic reads this as intrigue and "
              "litigation."),
    "V94": N_("All four stems fall among 甲 to 戊, one of them strong or on its emolument (祿): the classic says the "
              "household brings forth an upright official."),
    "V95": N_("All four stems fall among 己 to 癸, with a punishment, a Void or the Robbery star: the classic reads "
              "this as theft, robbery and violent misfortune."),
    "V96": N_("辰 and 戌 clash and one of 丙辰, 丙戌, 戊辰 or 戊戌 stands in the chart: the classic reads this as a bad end."),
    "V97": N_("Several 辰 (天罡): the classic reads this as quarrels, lawsuits and the anger of officials."),
    "V98": N_("戌 (天魁) appears: the classic reads this as vicious, petty and deceitful people."),
    "V99": N_("The 甲 that heads the year's decade (旬) appears with strength: the classic reads this as honour and "
              "rank."),
    "V99.near": N_("The 甲 that heads the year's decade (旬) appears but without strength: the classic calls this near "
                   "to noble."),
    "V100": N_("癸, where the stems end (天綱), stands on the day or hour: the classic reads this as members of the "
               "household lost or scattered."),
    "V101": N_("Several pillars have a sound element that overcomes the native's: the classic reads this as "
               "banishment or exile."),
    "V101.heavy": N_("Several pillars, the day and the hour among them, overcome the native's sound element: the "
                     "classic counts this the heaviest case of banishment or exile."),
    "V102": N_("The classic treats 卯 and 酉 as the household's gates and reads what stands over them."),
    "V102.blocked": N_("卯 carries earth on the day or hour: the classic reads this as the household's gate blocked, "
                       "frustration at home and sores among the children."),
    "V102.blocked_heavy": N_("卯 carries earth on the day or hour and earth is out of season: the classic weighs the "
                             "blocked household gate as heavier."),
    "V102.blocked_light": N_("卯 carries earth on the day or hour and earth is in season: the classic weighs the "
                             "blocked household gate as lighter."),
    "V102.dissipated": N_("酉 carries wood on the day or hour: the classic says the household's gate opens a little, "
                          "but its means drain away in the end."),
    "V102.dissipated_heavy": N_("酉 carries wood on the day or hour and wood is out of season: the classic weighs the "
                                "draining of the household as heavier."),
    "V102.dissipated_light": N_("酉 carries wood on the day or hour and wood is in season: the classic weighs the "
                                "draining of the household as lighter."),
    "V103": N_("One element is in excess with nothing to restrain it: the classic judges such excess like weakness, a"
               " root of timidity and failure."),
    "V105": N_("The classic reads a woman's chart through the eight trigrams, her husband's stem and the kin of the "
               "household."),
    "V105.chaste": N_("Many pillars on death or extinction ground in a woman's chart: the classic reads this as a "
                      "woman of good family."),
    "V105.untrue": N_("Many combinations in a woman's chart: the classic says her husband may not be true to her."),
    "V105.strong": N_("Many pillars strong in the season in a woman's chart, which the classic says a woman's chart "
                      "dislikes."),
    "V105.water": N_("Many 壬 and 癸 in a woman's chart, which the classic says a woman's chart dislikes."),
    "V105.horse": N_("The Post Horse (驛馬) in a woman's chart, which the classic says a woman's chart dislikes."),
    "V105.metal": N_("庚 or 辛 has strength in a woman's chart: the classic reads this as riches, rank and salary."),
    "V105.husband_old": N_("Her husband's road and house (夫道, 夫家) are unbroken and his stem is strong: the classic "
                           "says the husband lives to a peaceful old age."),
    "V105.husband_low": N_("Her husband's road or house is broken, or his stem is weak in the season: the classic "
                           "says the husband is not noble."),
    "V105.father": N_("A junior pillar overcomes the pillar on 乾: the classic reads this as harm to the father or "
                      "father-in-law."),
    "V105.mother": N_("A junior pillar overcomes the pillar on 坤: the classic reads this as harm to the mother or "
                      "mother-in-law."),
    "V105.youngest_son": N_("A junior pillar overcomes the pillar on 艮: the classic reads this as harm to the "
                            "youngest son."),
    "V105.eldest_son": N_("A junior pillar overcomes the pillar on 震: the classic reads this as harm to the eldest "
                          "son."),
    "V105.middle_son": N_("A junior pillar overcomes the pillar on 坎: the classic reads this as harm to the middle "
                          "son."),
    "V105.eldest_daughter": N_("A junior pillar overcomes the pillar on 巽: the classic reads this as harm to the "
                               "eldest daughter."),
    "V105.middle_daughter": N_("A junior pillar overcomes the pillar on 離: the classic reads this as harm to the "
                               "middle daughter."),
    "V105.youngest_daughter": N_("A junior pillar overcomes the pillar on 兌: the classic reads this as harm to the "
                                 "youngest daughter."),
    "V105.improper_husband": N_("A stem that overcomes hers with the same polarity, the true ghost (正鬼), appears: the"
                                " classic says this points to an improper husband."),
}
