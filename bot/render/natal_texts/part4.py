"""Sentences of 玉照定真經 V161–V205: what the classic says, in measured words (the evidence is shown apart)."""

from __future__ import annotations

from bot.render.i18n import N_

TEXTS: dict[str, str] = {
    "V161": N_("The classic says that a self-punishing branch seen twice, with a lower pillar overcoming a higher one,"
               " points to misfortune, even death, brought on by oneself."),
    "V161.prison": N_("The classic reads this self-punishing pillar, when it overcomes the native's sound element, as "
                      "a sign of prison and lawsuits."),
    "V161.goujen": N_("The classic names this self-punishing pillar, when it overcomes the native's sound element, "
                      "Gouchen (勾陳) seizing 戊, an ill omen."),
    "V161.ghost_fire": N_("The classic reads this self-punishing pillar, when it overcomes the native's sound element,"
                          " as ghost fire (鬼火): frights and worries."),
    "V161.xuanwu": N_("The classic reads this self-punishing pillar, when it overcomes the native's sound element, as "
                      "Xuanwu (玄武) on the road: loss to thieves."),
    "V162": N_("With 子 and 卯 punishing each other, the classic says someone of the household lacks propriety and "
               "virtue."),
    "V163": N_("With 丑 meeting 戌 and 未 in the branch punishment, the classic speaks of an illness of the limbs that is"
               " slow to heal."),
    "V164": N_("With 辰 and 卯 together, the classic speaks of imprisonment or punishment and of trouble in the waist "
               "and legs."),
    "V165": N_("For a native of a 寅 year meeting 巳 on the day or hour, wood entering fire, the classic speaks of worry"
               " and anger over children and of burns."),
    "V166": N_("For a native of a 巳 year meeting 寅 (Gongcao) on the day or hour, which punishes it, the classic speaks"
               " of losses through senior officials."),
    "V167": N_("For a native of a 午 year meeting 丑 on the day or hour, the classic speaks of long illness and trouble "
               "of the inner qi."),
    "V168": N_("For a native of a 丑 year meeting 午 on the day or hour, the classic speaks of grave trouble in the four"
               " limbs."),
    "V169": N_("For a native of a 子 year meeting 未 (the Well lodge) on the day or hour, the classic speaks of trouble "
               "of the spleen and stomach."),
    "V170": N_("For a native of a 未 year meeting 子 on the day or hour, the classic speaks of misfortune for elders and"
               " trouble for the wife."),
    "V171": N_("With 亥 and 申 contending between the year and the day or hour, the classic speaks of rivalry, or else "
               "of loss and scattering on the road."),
    "V172": N_("With 酉 and 戌 together, the classic speaks of harm."),
    "V172.month": N_("With 酉 and 戌 meeting on the month's command, the classic speaks of thieves and of illness in the"
                     " household, a lasting worry for someone of the household."),
    "V172.petty": N_("With 酉 and 戌 together but not on the month's command, the classic speaks of harm from petty "
                     "people."),
    "V173": N_("The native's own frame complete and in its season is read by the classic as a sign that someone of the"
               " household rises to wealth, rank and a clean name."),
    "V174": N_("The classic reads a complete frame as showing the civil or military path and one's standing."),
    "V174.civil": N_("The classic reads a complete water or wood frame as a sign of the civil path."),
    "V174.civil_advance": N_("The classic reads a complete water or wood frame as a sign of the civil path, its "
                             "branches standing in the advancing order."),
    "V174.civil_retreat": N_("The classic reads a complete water or wood frame as a sign of the civil path, its "
                             "branches standing in the retreating order."),
    "V174.military": N_("The classic reads a complete fire, earth or metal frame as a sign of the military path."),
    "V174.military_advance": N_("The classic reads a complete fire, earth or metal frame as a sign of the military "
                                "path, its branches standing in the advancing order."),
    "V174.military_retreat": N_("The classic reads a complete fire, earth or metal frame as a sign of the military "
                                "path, its branches standing in the retreating order."),
    "V174.noble": N_("A complete frame of the native's own element is read by the classic as noble qi."),
    "V175": N_("The classic weighs the seasons of the pillars: prospering ones bring an honoured name, weak ones a "
                "harder road to rank."),
    "V175.honour": N_("With most pillars prospering in the birth month, the classic reads an honoured name."),
    "V175.low": N_("With most pillars resting, imprisoned or dead in the birth month, the classic reads a harder "
                    "road to rank and standing."),
    "V176": N_("For a native of a 子 year combining with 丑 on the day or hour, an unfavourable harmony, the classic "
               "speaks of an idle person of temples and monasteries."),
    "V177": N_("For a native of a 丑 year combining with 子 on the day or hour, a favourable harmony, the classic calls "
               "it truly auspicious."),
    "V178": N_("For a native of a 亥 year combining with 寅 on the day or hour, an unfavourable harmony, the classic "
               "speaks of nurturing outsiders."),
    "V179": N_("For a native of a 寅 year combining with 亥 on the day or hour, wood fed by water, the classic reads a "
               "sign of prominence."),
    "V180": N_("For a native of a 戌 year combining with 卯 on the day or hour, an unfavourable harmony, the classic "
               "speaks of lands and fields ruined."),
    "V181": N_("For a native of a 卯 year combining with 戌 on the day or hour, a favourable harmony, the classic reads "
               "an auspicious sign."),
    "V182": N_("For a native of a 酉 year combining with 辰 on the day or hour, the classic says metal and earth are "
               "both in accord."),
    "V183": N_("For a native of a 辰 year combining with 酉 on the day or hour, the classic speaks of accord first and a"
               " lawsuit within it."),
    "V184": N_("For a native of a 巳 year punishing 申 on the day or hour from above, the classic speaks of long "
               "journeys."),
    "V185": N_("For a native of a 申 year meeting 巳 on the day or hour, which overcomes it, the classic says travellers"
               " turn back and come and go."),
    "V186": N_("The classic divides gain and loss in the harmony of 未 and 午: good for 未, bad for 午."),
    "V186.wei": N_("For a native of a 未 year fed by 午 on the day or hour, the classic reads good fortune."),
    "V186.wu": N_("For a native of a 午 year meeting 未 on the day or hour, the classic reads misfortune."),
    "V188": N_("With every pillar's branch overcoming its stem, the classic says the four kin are isolated, and it is "
               "worst for the two elders."),
    "V189": N_("With the stem overcoming its branch in many pillars, the classic says the women and young ones of the "
               "family often decline."),
    "V190": N_("With three stems overcoming their branches, the classic speaks of the anger of officials."),
    "V191": N_("With three branches overcoming their stems, the classic speaks of thieves and petty villains."),
    "V192": N_("With two stems overcoming their branches and two branches overcoming their stems, the classic speaks "
               "of troubles among siblings and over the wife and wealth."),
    "V193": N_("The classic judges a single overcoming between the native and the three ruling pillars by who "
               "prevails."),
    "V193.win": N_("With the native overcoming a ruling pillar, the classic reads it as good."),
    "V193.lose": N_("With a ruling pillar overcoming the native, the classic reads it as a cause for worry."),
    "V201": N_("The classic reads the complexion from the colours of the day and hour stems."),
    "V202": N_("The classic reads the build of the body from the sound elements of the day and hour."),
    "V202.big": N_("With qi in the sound elements of the day and hour and the hour feeding the day, the classic reads "
                   "a large build."),
    "V202.small": N_("With qi in the sound elements of the day and hour and the day feeding the hour, the classic "
                     "reads a small build."),
    "V202.no_qi": N_("With no qi in the sound elements of the day and hour, the classic reads a small build."),
    "V203": N_("With the day or hour stem overcoming the year stem, the classic speaks of harm to the head and face."),
    "V204": N_("With the day or hour sound element overcoming the year's, the classic says the body and limbs may not "
               "be whole."),
}
