"""Sentences of 玉照定真經 V1–V50: what the classic says, in measured words (never a forecast); the evidence is
shown beside them."""

from __future__ import annotations

from bot.render.i18n import N_

TEXTS: dict[str, str] = {
    "V1": N_("The classic reads life-giving qi (生氣) on the day or hour, together with the month's Heavenly Virtue "
             "(天德) bound in union, as a sign of long life that lasts for generations."),
    "V2": N_("The classic holds that a native whose year branch is punished by the day or hour, and whose sound "
              "element is overcome by it, meets a short life or a hard lot."),
    "V3": N_("With four yang stems standing, the classic says the mother is unlikely to outlive the native's youth "
             "or middle years."),
    "V3.early": N_("With four yang stems standing and the hour overcoming, the classic says the mother may be lost "
                   "in the native's childhood."),
    "V4": N_("With the yin stems covering the chart and no yang, the classic says the father is unlikely to reach "
             "old age."),
    "V5": N_("The classic says that when the hour breaks the day, harm through the sound elements is heavy and harm "
              "through the stems is light."),
    "V5.ghost": N_("The stem overcomes and the season does not feed the sound element of the pillar it breaks, so "
                    "the classic keeps the attacking stem a ghost (鬼): an unfavourable sign."),
    "V5.heavy": N_("The sound element of the breaking pillar overcomes that of the pillar it breaks: the classic "
                    "counts this as heavy and ill-omened, touching the body and limbs."),
    "V5.light": N_("Only the stem of the breaking pillar overcomes: the classic counts this as light, touching the "
                    "head and face; where the sound element beneath still supports, it reads a modest start, with "
                    "wealth and rank coming later."),
    "V5.official": N_("The stem overcomes, but the season feeds the sound element of the pillar it breaks, so the "
                       "classic reads the attacking stem as an office (官) rather than a ghost: a favourable sign."),
    "V6": N_("The classic says calamity and official trouble sort themselves into gain and loss by how near or far "
             "they stand."),
    "V6.confinement": N_("With many pillars confined (囚) in the birth month and a punishment touching the day, the "
                         "classic warns of confinement and punishment, followed by illness."),
    "V6.fan_yin": N_("A day or hour branch clashing the year branch is 'reverse chanting' (反吟): the classic places "
                     "fortune and misfortune away from home, in another province."),
    "V6.fu_yin": N_("A day or hour branch repeating the year branch is 'hidden chanting' (伏吟): the classic places "
                    "gain and loss at home."),
    "V6.hardship": N_("With many pillars whose sound element is dead in the birth month, the classic reads hardships "
                      "(難)."),
    "V6.illness": N_("With many pillars whose sound element is resting in the birth month, the classic reads illness "
                     "(患) of the organ that element governs."),
    "V6.official": N_("With the year branch punished and a ghost in full strength in the birth month, the classic "
                      "reads trouble and calamity through official matters."),
    "V7": N_("The classic says that a chain of junior pillars, each overcoming the one above it, runs against the "
              "order (逆) and harms the domain of the highest pillar it reaches, lightly through the stems and "
              "heavily through the sound elements."),
    "V7.ancestors": N_("A chain of junior pillars overcoming their seniors reaches the conception pillar: the "
                        "classic reads ruin in the ancestral line."),
    "V7.elders": N_("A chain of junior pillars overcoming their seniors reaches the year: the classic reads harm to "
                     "the lives of the elders, lighter between stems and heavier between sound elements."),
    "V7.household": N_("A chain of junior pillars overcoming their seniors reaches the month: the classic reads "
                        "harm to the household and the father."),
    "V8": N_("With the sound element of the month or conception pillar overcome two or three times by the day and "
             "hour, the classic reads lasting misfortune for the lineage and early loss among its elders."),
    "V9": N_("With a 甲, 丙 or 戊 native meeting 戌 and 亥 again and again, the classic reads a Daoist or Buddhist "
             "calling, or a cleric coming from the household."),
    "V10": N_("With 辰 and 戌 (魁罡) coming and going in the chart, the classic reads a clerk, jailer or butcher, or "
              "someone given to quarrels and lawsuits."),
    "V11": N_("With 庚 and 甲 over 寅 and 申, the classic reads a merchant, a traveller or a clerk."),
    "V12": N_("With 庚 and 甲 meeting 子 and 午, the classic reads a life established away from one's home country."),
    "V13": N_("With 癸, 乙 and 壬 present and one of them set on 卯 or 酉 (the private gates), the classic reads illicit "
              "affairs between men and women."),
    "V14": N_("With 乙, 辛, 丁 and 己 together with 亥 and 酉, the classic reads constant official matters and trouble "
              "from hidden persons."),
    "V15": N_("A day or hour on one of the year's graves, without strength in the season, is a grave rather than a "
              "store: the classic warns of loss in the household."),
    "V15.elders": N_("The grave lies at the layer of the year stem: the classic warns of loss among the elders of "
                     "the household."),
    "V15.juniors": N_("The grave lies at the layer of the sound element: the classic warns of loss among the women "
                      "and young children of the household."),
    "V15.spouse": N_("The grave lies at the layer of the year branch: the classic warns of loss among peers, the "
                     "wife or concubines."),
    "V16": N_("The year stem's virtue-union (德合) meets its stem: the classic reads rising fortune, early or late "
              "according to where it stands."),
    "V16.spoiled": N_("The virtue-union meets its stem, but falls into the void or into the defeat of its "
                      "transformed element in the birth month: the classic says even this union turns ill."),
    "V17": N_("With 辛丑 below 甲寅, the lower overcoming the upper, the classic reads punishment and misfortune through "
              "official matters."),
    "V18": N_("With 癸未 and 庚申 together, the classic reads death at the hands of robbers, or ruin on the road."),
    "V19": N_("A fire native with abundant earth and a 庚 pillar, the White Tiger that governs roads: the classic "
              "says the birth took place on the road."),
    "V20": N_("With 戊寅 or 己卯 while earth rests out of season, the classic warns of a serious illness, a wind ailment "
              "of the limbs."),
    "V20.household": N_("On the conception or month pillar, the classic places this illness with the household and "
                        "its elders."),
    "V20.self": N_("On the day or hour pillar, the classic places this illness with the native, the wife or the "
                   "children."),
    "V20.severe": N_("Seen more than once, the classic speaks of the great wind illness (大風疾), in the native or in "
                     "someone of the household."),
    "V21": N_("A 丙 native meeting 亥, or a 丁 native meeting 子, on the day or hour: the classic warns of death in "
              "rivers or ditches, or a calamity by water."),
    "V22": N_("With 辛巳 and 庚午, metal over fire, the classic reads frequent illness of the heart and blood."),
    "V23": N_("With 甲申 and 乙酉, wood over metal, the classic reads wind ailments and illness of the liver channel in "
              "small children."),
    "V24": N_("With 辛卯 and 庚寅, metal over wood, the classic warns adults above all of wasting illness of the bones "
              "and blood."),
    "V25": N_("With 己卯 and 己酉, earth over both gates, the classic reads a heavy, stiff waist and legs, in the native "
              "or in someone of the household."),
    "V26": N_("A 申 native punished by 巳 on the day or hour and overcome by its sound element: the classic reads "
              "trouble in the arms and limbs."),
    "V27": N_("丙 or 丁 on the year or the day, met by 壬 or 癸 after it: the classic warns of trouble with the eyes."),
    "V28": N_("甲 or 乙 standing before and 庚 or 辛 after: the classic warns of injury to the head and face."),
    "V28.heavy": N_("The 庚 or 辛 also overcomes the native's own stem: the classic reads the injury to the head and "
                    "face as more serious."),
    "V28.light": N_("The 庚 or 辛 does not overcome the native's own stem: the classic reads the injury to the head "
                    "and face as light."),
    "V29": N_("A water or earth native meeting 寅 or 卯 on the day or hour: the classic reads lifelong chest "
              "obstruction and wind-phlegm."),
    "V30": N_("A water or earth native with water or earth gathered at 辰 on the day or hour: the classic reads acute "
              "illness of the small intestine and abdomen, and for women disorders of the sea of blood."),
    "V30.female": N_("For a woman, the classic reads disorders of the sea of blood (血海) when water and earth gather "
                     "at 辰."),
    "V30.male": N_("For a man, the classic reads acute illness of the small intestine and abdomen when water and "
                   "earth gather at 辰."),
    "V31": N_("The classic takes a stem resting out of season as a sign of illness of the organ its element governs, "
              "in the parts of the body its stem and branch stand for."),
    "V32": N_("Metal in the east or wood in the west: the classic reads an unfilial son, or unsettled descendants, "
              "in the household."),
    "V33": N_("A reversed pillar meeting its swapped partner: the classic reads someone of the household who breaks "
              "away and flees, or turns against the family."),
    "V34": N_("Many 壬 with 子 or 丑 (坎, 艮) on the day or hour: the classic reads an esteemed Daoist, monk or person of "
              "the nine callings."),
    "V35": N_("With 壬戌 and 癸亥 together, the classic says the family may bring forth a thief."),
    "V36": N_("With 癸丑 and 甲 while wood and water both rest out of season, the classic reads a Buddhist or Daoist "
              "cleric."),
    "V37": N_("An 乙 native or 乙 day with both 卯 and 辰: the classic reads a matchmaker, wise woman or medicine-seller "
              "among the women of the household."),
    "V38": N_("With 甲寅 and 乙卯 together, the classic says the household brings forth a long-haired lay nun (師姑)."),
    "V38.strong": N_("With 甲寅 and 乙卯 together and void in the day's decade, the classic reads the sign of a lay nun "
                     "in the household more strongly."),
    "V39": N_("With 庚申 and 辛酉 (or 辛酉 and 癸酉) together, the classic warns of death by blades and weapons."),
    "V39.strong": N_("With metal also in full strength in the birth month, the classic reads the warning of death by "
                     "weapons more strongly."),
    "V40": N_("Born with the White Tiger (庚) on 寅: the classic warns of wounds from wolves and tigers in the "
              "mountains."),
    "V40.heavy": N_("The White Tiger overcomes the native's own stem or sound element: the classic reads the warning "
                    "of wounds from wild beasts as heavier."),
    "V40.light": N_("The White Tiger does not overcome the native: the classic reads the warning of wounds from wild "
                    "beasts as light."),
    "V41": N_("The Vermilion Bird (丙) meets the Empress of Heaven (壬): the classic says brothers and close "
              "companions, the native's wings, find no peace in mid-life."),
    "V42": N_("戊 facing wood (on 寅 or with 甲), or 己 on 卯 or with 乙: the classic reads affairs of fields and houses, "
              "boils and sores, prison or lawsuits."),
    "V43": N_("丁 meeting 癸: the classic reads petty thieves and constant ailments of the heart and blood."),
    "V44": N_("The Azure Dragon (甲) or the Six Harmonies (乙) meeting metal: the classic warns of misfortune for the "
              "elders, and for the women and young ones of the household."),
    "V45": N_("The Great Yin (辛) on ground without qi: the classic reads lifelong worries over the women of the "
              "household, their illness and obstruction."),
    "V45.wife": N_("Here 辛 is also the wife of the 丙 native: the classic reads the lifelong worries over women as "
                   "touching the wife."),
    "V46": N_("The Empress of Heaven (壬) on 辰 or 戌: the classic warns of misfortune to the body."),
    "V46.hidden": N_("With 辰 and 戌 not many, the classic reads hidden troubles and obstruction for the women of the "
                     "household."),
    "V46.illness": N_("With 辰 and 戌 many around it, the classic reads an illness of water and earth."),
    "V47": N_("癸 on its own ground of water, with no earth to hold it: the classic reads a restless, wandering life "
              "that does not settle."),
    "V47.illness": N_("With water resting out of season, the classic reads kidney illness (the commentary says blood "
                      "and stomach)."),
    "V47.thieves": N_("With water in strength in the birth month, the classic reads trouble from thieves and a life "
                      "of flight."),
    "V48": N_("A stem out of season on its grave, death or cut-off ground, or one of the named pillars out of "
              "season: the classic traces the nine illnesses to it, of the organ the evidence names."),
    "V49": N_("With both the month's Monthly Virtue (月德) and its union stem present, the classic reads full blessing."),
    "V50": N_("The classic says the Monthly Virtue's yang stem brings noble patrons and promotion, and its yin union "
              "stem help from women in money and effort."),
    "V50.both": N_("With both the Monthly Virtue and its union stem, the classic reads noble patrons and women's "
                   "help together, the better still."),
    "V50.yang": N_("With the Monthly Virtue's yang stem, the classic reads noble patrons who support and promote the "
                   "native."),
    "V50.yin": N_("With the Monthly Virtue's yin union stem, the classic reads help from women in money and effort."),
}
