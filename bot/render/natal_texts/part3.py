"""Sentences of 玉照定真經 V106–V160."""

from __future__ import annotations

from bot.render.i18n import N_

TEXTS: dict[str, str] = {
    "V106.good": N_("The classic counts the hour's numbers into one of the nine palaces; for a man it reads this "
                    "palace, one of the first three, as a favourable one."),
    "V106.bad": N_("The classic counts the hour's numbers into one of the nine palaces; for a man it reads this "
                   "palace, beyond the first three, as an unfavourable one."),
    "V107.same": N_("The classic says that a day or hour branch repeating the month's branch brings friction "
                    "between the elders and the young of the household."),
    "V107.clash": N_("The classic reads a day or hour branch clashing with the month's branch as a sign of a "
                     "household broken up and of leaving one's home ground."),
    "V108": N_("The classic reads these pillars together with the gate of heaven as a sign that the native or "
               "someone of the household follows one of the nine streams: divination, religion or a craft."),
    "V109.ancestors": N_("The classic reads the pillar five ahead of the conception pillar as the picture of the "
                         "ancestors."),
    "V109.parents": N_("The classic reads the pillar five ahead of the month as the picture of the parents and "
                       "the household."),
    "V109.self": N_("The classic reads the pillar five ahead of the day as the picture of the native, the siblings "
                    "and the wife."),
    "V109.children": N_("The classic reads the pillar five ahead of the hour as the picture of the children."),
    "V109.grandchildren": N_("The classic reads the pillar five ahead again as the picture of the grandchildren."),
    "V109.void": N_("The classic says that when the pillar found five ahead falls in the void, that line of the "
                    "family does not continue."),
    "V110.many": N_("The classic says that with much fire in the chart the men of the household tend to be "
                    "lonely and its women disorderly."),
    "V110.mountain": N_("The classic says that fire reaching the mountain, its place of birth, leaves the men of "
                        "the household lonely and its women disorderly."),
    "V111": N_("The classic reads the stems that combine into metal, with metal strong in the season, as a sign "
               "of graceful daughters in the household."),
    "V112": N_("The classic reads the stems that combine into metal standing in a strong place as a sign of sons "
               "who are gentle, bright and advance in the world."),
    "V113": N_("The classic reads a combination falling into the void as a sign of an idle seeker of an empty "
               "way, a recluse, in the household."),
    "V114": N_("The classic says that with these fire pillars on the month or the day and a winter birth, "
               "someone of the household gains office, by purchase or by the regular path."),
    "V115": N_("The classic reads earth standing on the four seasonal branches, its pillars not at odds, as a "
               "sign of much land and woodland."),
    "V116.inner": N_("The classic reads a pillar on the native's own side of the circle as a life established at "
                     "home."),
    "V116.outer": N_("The classic reads a pillar on the far side of the circle as a life established away from "
                     "home."),
    "V117.house": N_("The classic places the house five branches from the year; years and periods that overcome "
                     "it are read as trouble in the home."),
    "V117.grave": N_("The classic places the family graves five branches from the year on the other side; years "
                     "and periods that overcome it are read as trouble with the graves."),
    "V117.house_overcome": N_("The classic reads a pillar whose sound element overcomes that of the house as "
                              "calamity in the household."),
    "V117.grave_overcome": N_("The classic reads a pillar whose sound element overcomes that of the grave as "
                              "trouble with the family graves."),
    "V117.house_supported": N_("The classic reads a pillar whose sound element nourishes that of the house as "
                               "good fortune for the home."),
    "V117.grave_supported": N_("The classic reads a pillar whose sound element nourishes that of the grave as "
                               "good fortune from the family graves."),
    "V119.orderly": N_("The classic reads a relative's stem standing in the proper order of seniority as harmony "
                       "and devotion with that relative."),
    "V119.adverse": N_("The classic reads a relative's stem standing against the order of seniority as discord "
                       "with that relative."),
    "V120.younger": N_("The classic takes the day as the spouse and counts from the year to the day: the spouse is "
                       "read as younger by the number of years shown."),
    "V120.older": N_("The classic takes the day as the spouse and counts from the year to the day: the spouse is "
                     "read as older by the number of years shown."),
    "V120.same": N_("The classic takes the day as the spouse; with the day the same as the year, it reads the "
                    "spouse as of the same age."),
    "V121": N_("The classic reads the conception and month pillars for the parents: their elements are read as "
               "the kinds of people the parents are."),
    "V122": N_("The classic reads fire stems at home on the fire branches, standing more than once, as a sign of "
               "an eminent family."),
    "V122.in_season": N_("The classic reads fire stems at home on the fire branches, with fire strong in the "
                         "season, as a sign of an eminent family."),
    "V123.strong": N_("The classic reads stems at home on their own branches, strong in the season, as an "
                      "auspicious sign for the family."),
    "V123.weak": N_("The classic reads stems at home on their own branches but weak in the season as an "
                    "inauspicious sign for the family."),
    "V124": N_("The classic reads many of the halberd and blade stems as a sign of soldiers in the household."),
    "V124.strife": N_("The classic reads many of the halberd and blade stems, with branches that punish or clash, "
                      "as a firm sign of soldiers in the household."),
    "V125": N_("The classic reads these stems on the branches of wine and food as profit from a tavern or the "
               "wine trade."),
    "V126": N_("The classic reads metal standing on the water branches, where metal sickens, as a sign of a "
               "lasting paralysis."),
    "V127": N_("The classic reads water standing on the metal branches as a sign of a weakening illness in the "
               "household."),
    "V128": N_("The classic reads these stems at odds on the gate branches, without strength in the season, as a "
               "Daoist leaving the order, and as private failings."),
    "V129.pair": N_("The classic reads these two pillars together as a sign of a monk or a nun, who may return to "
                    "lay life."),
    "V129.year": N_("The classic reads a native of this year as inclined to become a monk or a nun, and perhaps "
                    "to return to lay life."),
    "V130": N_("The classic reads this stem overcoming the hare branch as a sign of a split lip or a mark on the "
               "head or face."),
    "V131": N_("The classic reads this pillar as a sign that the line of heirs does not continue."),
    "V132": N_("The classic reads the earth stems at their place of birth, in three places or more, as a sign of "
               "a well-fed, long life."),
    "V132.strong": N_("The classic reads the earth stems at their place of birth, in three places or more and "
                      "strong in the season, as a sign of long life in the household."),
    "V133": N_("The classic reads much metal with no fire above or below as a sign of an unruly soldier or a "
               "lonely woman in the household."),
    "V134": N_("The classic reads much wood touched by the void as a sign of a drifting life without a settled "
               "home."),
    "V135": N_("The classic reads much wood with strength that meets metal as a sign of distinction."),
    "V136": N_("The classic reads an abundant element with strength that meets the element controlling it as a "
               "sign of distinction."),
    "V137": N_("The classic reads much water at its strength as a sign of a wandering life."),
    "V137.scattered": N_("The classic reads much water at its strength with no earth to hold it as a sign of a "
                         "wandering life that takes no shape."),
    "V139.clear": N_("The classic reads the clear stems at their full strength on the four starting branches as "
                     "honour in both civil and military careers."),
    "V139.turbid": N_("The classic reads sound elements at birth or full strength on the four starting branches "
                      "as a lesser honour."),
    "V140.stem": N_("The classic reads stems at their peak on two or more of the four middle branches as a sign of "
                     "nobility arising in the household."),
    "V140.nayin": N_("The classic reads sound elements at their peak on two or more of the four middle branches as "
                      "a sign of nobility arising in the household."),
    "V141.storehouse": N_("The classic reads the four seasonal branches carrying strength as a sign of an office "
                          "over stores and treasuries."),
    "V142.office": N_("The classic reads the year branch punishing the day or hour as a sign of holding military "
                      "or judicial office."),
    "V142.against": N_("The classic reads the day or hour punishing the year branch as a sign of breaking the law "
                       "and a violent end, and asks that its truth be weighed."),
    "V143": N_("The classic reads the stems that combine into metal, with metal strong in the season, as a sign "
               "of a name known far away."),
    "V144": N_("The classic reads the stems that combine into fire, with fire strong in the season, as a sign of "
               "propriety and virtue in the household."),
    "V145.clever": N_("The classic reads the stems that combine into water, with water strong, as a sign of "
                      "cleverness."),
    "V145.excess": N_("The classic reads the stems that combine into water, with water in excess, as a sign of "
                      "lewdness."),
    "V146": N_("The classic reads the stems that combine into earth as a sign of a trustworthy person."),
    "V148": N_("The classic reads this wood pillar followed by this earth pillar as a sign that the household "
               "hears of ghosts and uncanny things."),
    "V149": N_("The classic reads this metal pillar followed by this wood pillar as a sign that the household's "
               "means drain away."),
    "V150": N_("The classic reads a fire native meeting the metal branches as a sign of loneliness and poverty."),
    "V151.body": N_("The classic reads a fire native meeting the water branches as a sign of paralysis among the "
                    "women of the household."),
    "V151.pillar": N_("The classic reads fire standing on the water branches as a sign of paralysis among the "
                      "women of the household."),
    "V152.stem": N_("The classic reads fire stems reaching the branches of heaven's gate as a sign of men in the "
                    "household suffering from cold and wasting illness."),
    "V152.branch": N_("The classic reads a native of the fire branches meeting the branches of heaven's gate as a "
                      "sign of men in the household suffering from cold and wasting illness."),
    "V153": N_("The classic reads this year stem meeting the private gate on the day or hour as a sign of "
               "irregular relations between men and women."),
    "V154": N_("The classic reads a wood native meeting the branches where wood sickens and dies as a sign of ill "
                "health and a hard road to rank."),
    "V155.advance": N_("The classic reads the native's element strong in the birth season as a sign of rising to "
                       "honour."),
    "V155.retreat": N_("The classic reads the native's element weak in the birth season as retreat (退): a slower "
                        "road to rank."),
    "V157": N_("The classic reads this year stem meeting its true officer as a sign that the middle daughter "
               "prospers."),
    "V158.ancestors": N_("The classic reads the conception pillar's emolument landing on the day or hour as wealth "
                         "and rank among the ancestors; on the day it reaches the native, wife and wealth, on the "
                         "hour the children."),
    "V158.parents": N_("The classic reads the month's emolument landing on the day or hour as a strong household "
                       "and the parents' help; on the day it reaches the native, wife and wealth, on the hour the "
                       "children."),
    "V159": N_("The classic reads emolument handed on from pillar to pillar as rising through the recommendation "
               "of the powerful."),
    "V160": N_("The classic reads the three punishing branches all present as a sign of official anger, "
               "punishment and lawsuits."),
}
