"""Sentences of 玉照定真經 V206–V260 (the 正道歌)."""

from __future__ import annotations

from bot.render.i18n import N_

TEXTS: dict[str, str] = {
    "V207": N_("The classic says a stem combination is true or false according to whether its transformed element "
               "has vital energy."),
    "V207.true": N_("The classic counts this stem combination as true: its transformed element stands in a place of "
                    "growth or strength."),
    "V207.false": N_("The classic counts this stem combination as false: its transformed element lacks vital energy "
                     "where it stands."),
    "V208": N_("A yin year stem meeting its yang partner is read by the classic as official honour, and for a woman "
               "as a noble husband; here the combination has vital energy and counts as true."),
    "V208.false": N_("A yin year stem meets its yang partner, which the classic reads as official honour or a noble "
                     "husband; but the combination lacks vital energy, and the classic calls such a union false."),
    "V209": N_("A yang year stem meeting its yin partner is read by the classic as a matter of the wife and of "
               "wealth."),
    "V210": N_("When a stem combination transforms into an element that sits in its grave or cut-off place, the "
               "classic says an outside surname joins the household."),
    "V211": N_("When a stem combination transforms into an element in a place of growth or strength, the classic "
               "says the descendants of the household prosper."),
    "V212": N_("The classic divides stem combinations into inner ones, with the native's own year stem, and outer "
               "ones between other pillars."),
    "V212.inner": N_("The year stem combines with another pillar; the classic calls this an inner combination, one "
                     "formed through the ancestors."),
    "V212.outer": N_("Two pillars other than the year combine; the classic calls this an outer combination and "
                     "links it with settling far from home or leaving one's native place."),
    "V214": N_("The sound elements generate one another downward, from the year to the hour; the classic reads this "
                "as a hard road to wealth and rank, and wealth that does not last."),
    "V215": N_("The junior pillars' sound elements generate the senior ones; the classic reads this as advancement "
               "in career, name and wealth."),
    "V216": N_("The eating god comes before the seven killings and restrains it, and the official has vital "
               "energy; the classic reads this as office and honour."),
    "V216.weak": N_("The eating god comes before the seven killings and restrains it, which the classic reads as "
                    "office; but it adds that the official must have vital energy, and here it has none."),
    "V217": N_("Indirect wealth comes before the inverted eating god and restrains it, so that it turns into a seal; "
               "the classic reads this as honour."),
    "V218": N_("The classic says that where the pillars strike one another, one should look in the chart for a "
               "rescuing element that restrains the attacker."),
    "V218.rescued": N_("A junior pillar strikes a senior one, but the chart holds a rescuing element that restrains "
                       "the attacker; the classic says such a blow is lessened."),
    "V218.unrescued": N_("A junior pillar strikes a senior one, and the chart holds no element that restrains the "
                         "attacker; the classic finds no rescue for this blow."),
    "V220": N_("The classic reads pillars all of one polarity as an image of loneliness or of widowhood."),
    "V220.yang": N_("All four pillars are yang (in their stems or as daytime branches); the classic reads this as "
                    "loneliness on the men's side."),
    "V220.yin": N_("All four pillars are yin (in their stems or as night-time branches); the classic reads this as "
                   "widowhood on the women's side."),
    "V221": N_("The chart holds many stem combinations; the classic reads this as marrying again, a man taking "
                "several wives or a woman several husbands."),
    "V223": N_("The stem of the native's own emolument-and-horse pillar appears in several pillars with vital "
               "energy; the classic calls this the heavenly emolument and horse, a sign of real nobility."),
    "V223.own": N_("The native's own emolument-and-horse pillar stands in the chart; the classic says that holding "
                   "it in its own place alone is not the highest honour."),
    "V226": N_("The classic says a void branch is truly void only when its polarity matches the native's."),
    "V226.true": N_("A pillar's branch falls in the void and shares the native's polarity; the classic counts it as "
                    "truly void."),
    "V226.off": N_("A pillar's branch falls in the void but has the other polarity; the classic says it does not "
                   "fall into the void."),
    "V227": N_("The classic says harms, punishments and clashes are judged by the five elements: without an "
               "overcoming of the native's body element they bring no blame."),
    "V227.harmful": N_("A pillar harms, punishes or clashes with the year branch and its sound element overcomes the "
                       "native's; the classic reads this as misfortune."),
    "V228": N_("The classic says the three wonders are a true honour only in their proper order, and only with the "
               "native's own stem on the hour with vital energy."),
    "V228.true": N_("The three wonders run in their proper order and the native's own stem stands on the hour with "
                    "vital energy; the classic reads this as true wealth and honour."),
    "V228.empty": N_("The three wonders run in their proper order, but the native's own stem is not on the hour with "
                     "vital energy; the classic calls them empty wonders, the sign of one of the nine schools and "
                     "trades."),
    "V228.reversed": N_("The three wonders appear in the wrong order; the classic says they are not a true honour."),
    "V229": N_("The classic says the spirits of the six ceremonial stems rise and descend."),
    "V229.year": N_("A pillar stands just before the year in the cycle of sixty; the classic calls this the year "
                    "ceremony, a favourable sign."),
    "V229.month": N_("The day or hour pillar is one of the month pillars of the birth year; the classic calls this "
                     "the month ceremony, a favourable sign."),
    "V230": N_("The year stem's element is in season and meets a stem that restrains it or an inverted eating god; "
               "the classic reads this as being swallowed and rising in office."),
    "V231": N_("The year stem stands on weak ground and the native's sound element is imprisoned by the season; "
               "the classic advises keeping still and avoiding quarrels and lawsuits."),
    "V232": N_("The native's sound element stands on ground with vital energy and meets an overcoming stem or "
               "sound; the classic reads this as rank and honour."),
    "V233": N_("The year stem stands on weak ground and meets a stem that overcomes it; the classic says the "
               "official then acts as a ghost and does harm."),
    "V235": N_("The classic reads abundant wood as a sign of character: strength, kindness, or kindness mixed with "
               "unkindness."),
    "V235.strong": N_("Wood is abundant and meets metal; the classic reads this as a strong character."),
    "V235.benevolent": N_("Wood is abundant and stands mostly in places of growth; the classic reads this as "
                          "benevolence."),
    "V235.impure": N_("Wood is abundant but enters a place of defeat; the classic speaks of unkindness within "
                      "kindness."),
    "V236": N_("The classic reads abundant fire as a sign bearing on the length of life and on heirs."),
    "V236.long_life": N_("Fire is abundant, tempered by water and strong in the season; the classic reads this as a "
                         "life of rare length."),
    "V236.excess": N_("Fire is abundant with no water among the stems and sound elements; the classic calls this "
                      "excess and reads it as a sign of having no heirs."),
    "V237": N_("The classic reads abundant metal as damage and breaks, unless fire forges it."),
    "V237.forged": N_("Metal is abundant and fire is present; the classic says it is forged into a vessel, keeping "
                      "gain and a good name."),
    "V237.broken": N_("Metal is abundant with no fire; the classic reads this as damage and breaks."),
    "V238": N_("The classic reads earth heaped like a mountain as steadiness, and thin earth as a love of roaming."),
    "V238.many": N_("Earth is abundant; the classic says it stands like a mountain, unmoving, with wide fields and "
                    "woods."),
    "V238.thin": N_("Earth is thin in the chart; the classic reads this as a fondness for travelling and roaming."),
    "V239": N_("Water is abundant; the classic warns of running away and of losses."),
    "V240": N_("Water, the element of wisdom, is abundant or strong in the season; the classic reads this as "
               "restlessness."),
    "V241": N_("The classic says the order in which stems and branches advance or retreat shows what comes first "
               "and what later."),
    "V241.advance": N_("The stems or branches step backward from the year to the hour; the classic calls this "
                       "advancing, a favourable course."),
    "V241.retreat": N_("The stems or branches step forward from the year to the hour; the classic calls this "
                       "retreating."),
    "V243": N_("The four beginning branches (Tiger, Monkey, Snake, Pig) stand with their stems in places of "
               "strength; the classic reads this as a breakthrough when the time answers."),
    "V244": N_("The four cardinal branches (Rat, Horse, Rabbit, Rooster) all carry vital energy; the classic reads "
               "this as wealth and real authority."),
    "V245": N_("The four earth branches (Dragon, Dog, Ox, Goat) are prominent; the classic says the household is "
               "then unfavourable to its elders."),
    "V245.punishment": N_("The earth punishment of the Ox, Dog and Goat branches is complete; the classic says the "
                          "household is then unfavourable to its elders."),
    "V246": N_("The native's own trigram frame is complete among the branches; the classic reads this as wealth "
               "and honour."),
    "V247": N_("The trigram frame of the element that overcomes the native is complete among the branches; the "
               "classic reads this as anger and strife."),
    "V248": N_("The classic places the life palace and the twelve palaces, against which the three ruling pillars, "
               "the year and the fortune periods are read."),
    "V253": N_("The classic reads the five seal pillars as a seal of authority, a store or a grave, by the strength "
               "of their sound element."),
    "V253.seal": N_("A seal pillar stands with its sound element at the height of the season; the classic reads it as "
                    "a seal of authority."),
    "V253.store": N_("A seal pillar stands with its sound element lightly strong in the season; the classic reads it "
                     "as a store."),
    "V253.grave": N_("A seal pillar stands with its sound element weak in the season; the classic reads it as a "
                     "grave."),
}
