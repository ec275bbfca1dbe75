"""Fill the answer's sentences (bot.render.answer, bot.render.reading) into the catalogs: run once after tools/i18n.py.

    python tools/answer_strings.py

Each sentence written whole by hand for each language (ko 합니다체, ja です・ます, zh_Hant 您); kept as a script so
the wording is reviewed in one place.  Only empty translations are filled.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.render.i18n import TERM, catalog_path  # noqa: E402

# msgid: (ko, ja, zh_Hans, zh_Hant)
S: dict[str, tuple[str, str, str, str]] = {
    "Yes: the money you seek will come to you.": (
        "구하시는 재물은 들어옵니다.", "求めるお金は手に入ります。", "所求之财能够到手。", "所求之財能夠到手。"),
    "No: the money you seek will not come to you.": (
        "구하시는 재물은 들어오지 않습니다.", "求めるお金は手に入りません。", "所求之财难以到手。", "所求之財難以到手。"),
    "Yes: you will get the post you seek.": (
        "바라시는 자리를 얻으십니다.", "望む職は得られます。", "所求之职可以得到。", "所求之職可以得到。"),
    "No: the post you seek will not come to you.": (
        "바라시는 자리는 얻지 못하십니다.", "望む職は得られません。", "所求之职难以得到。", "所求之職難以得到。"),
    "Yes: you will pass.": ("합격하십니다.", "合格します。", "能够考中。", "能夠考中。"),
    "No: you will not pass this time.": (
        "이번에는 합격하지 못하십니다.", "今回は合格しません。", "这次难以考中。", "這次難以考中。"),
    "Yes: the marriage will come about.": (
        "혼사는 이루어집니다.", "縁談はまとまります。", "这门亲事能成。", "這門親事能成。"),
    "No: the marriage will not come about.": (
        "혼사는 이루어지지 않습니다.", "縁談はまとまりません。", "这门亲事难成。", "這門親事難成。"),
    "Yes: the child will come, and safely.": (
        "아이는 무사히 찾아옵니다.", "子は無事に授かります。", "子嗣可得，母子平安。", "子嗣可得，母子平安。"),
    "No: the signs for the child are poor.": (
        "아이에 관한 징조는 좋지 않습니다.", "子についての兆しは良くありません。", "子嗣之兆不佳。", "子嗣之兆不佳。"),
    "Yes: the case will go your way.": (
        "송사는 이기십니다.", "訴訟には勝ちます。", "官司能够打赢。", "官司能夠打贏。"),
    "No: the case will go against you.": (
        "송사는 불리하게 끝납니다.", "訴訟は不利に終わります。", "官司于您不利。", "官司於您不利。"),
    "Yes: the journey will go well.": (
        "길은 순조롭습니다.", "旅は順調です。", "此行顺利。", "此行順利。"),
    "No: the journey will not go well.": (
        "길은 순조롭지 않습니다.", "旅は順調にはいきません。", "此行不顺。", "此行不順。"),
    "Yes: the one you wait for will come back.": (
        "기다리시는 분은 돌아옵니다.", "待っている人は帰ってきます。", "所等之人会回来。", "所等之人會回來。"),
    "No: the one you wait for will not come back soon.": (
        "기다리시는 분은 곧 돌아오지 않습니다.", "待っている人はすぐには帰ってきません。", "所等之人一时不会回来。",
        "所等之人一時不會回來。"),
    "Yes: what you lost will be found.": (
        "잃으신 물건은 찾으십니다.", "なくした物は見つかります。", "所失之物能够找回。", "所失之物能夠找回。"),
    "No: what you lost will not be found.": (
        "잃으신 물건은 찾지 못하십니다.", "なくした物は見つかりません。", "所失之物难以找回。", "所失之物難以找回。"),
    "Yes: the matter of the house will go well.": (
        "집에 관한 일은 잘 풀립니다.", "家のことはうまく運びます。", "房宅之事顺利。", "房宅之事順利。"),
    "No: the matter of the house will not go well.": (
        "집에 관한 일은 잘 풀리지 않습니다.", "家のことはうまく運びません。", "房宅之事不顺。", "房宅之事不順。"),
    "The year will go well.": ("올해는 순조롭습니다.", "この一年は順調です。", "这一年顺遂。", "這一年順遂。"),
    "The year will be a hard one.": (
        "올해는 힘든 해가 됩니다.", "この一年は苦しい年になります。", "这一年多有艰难。", "這一年多有艱難。"),
    "Yes: the papers will come through.": (
        "문서 일은 이루어집니다.", "書類の件は通ります。", "文书之事能成。", "文書之事能成。"),
    "No: the papers will not come through.": (
        "문서 일은 이루어지지 않습니다.", "書類の件は通りません。", "文书之事难成。", "文書之事難成。"),
    "Yes: you will come through safely.": (
        "무사히 넘기십니다.", "無事に切り抜けられます。", "可保平安无事。", "可保平安無事。"),
    "No: the danger is real; take great care.": (
        "위험이 실제로 있으니 각별히 조심하십시오.", "危険は現実のものです。十分に気をつけてください。",
        "确有危险，务必小心。", "確有危險，務必小心。"),
    "Yes: the doctor or the medicine will help.": (
        "의사나 약이 효험이 있습니다.", "医者や薬は効きます。", "医药有效。", "醫藥有效。"),
    "No: the doctor or the medicine will not help.": (
        "의사나 약은 효험이 없습니다.", "医者や薬は効きません。", "医药无效。", "醫藥無效。"),
    "Yes: you will win.": ("이기십니다.", "勝ちます。", "能赢。", "能贏。"),
    "No: you will lose.": ("지십니다.", "負けます。", "会输。", "會輸。"),
    "Yes: the loan or the debt will be settled as you hope.": (
        "빌리거나 받을 돈은 바라시는 대로 해결됩니다.", "貸し借りの件は望みどおりに片づきます。",
        "借贷之事能如愿了结。", "借貸之事能如願了結。"),
    "No: the loan or the debt will not be settled as you hope.": (
        "빌리거나 받을 돈은 바라시는 대로 해결되지 않습니다.", "貸し借りの件は望みどおりには片づきません。",
        "借贷之事难以如愿。", "借貸之事難以如願。"),
    "Yes: the weather will favour your plans.": (
        "날씨는 뜻대로 됩니다.", "天気は望みどおりになります。", "天气会如您所愿。", "天氣會如您所願。"),
    "No: the weather will not favour your plans.": (
        "날씨는 뜻대로 되지 않습니다.", "天気は望みどおりになりません。", "天气不会如您所愿。", "天氣不會如您所願。"),
    "Yes: it will rain.": ("비가 옵니다.", "雨になります。", "会下雨。", "會下雨。"),
    "No: it will not rain.": ("비는 오지 않습니다.", "雨にはなりません。", "不会下雨。", "不會下雨。"),
    "Yes: the sky will clear.": ("날이 갭니다.", "晴れます。", "会放晴。", "會放晴。"),
    "No: the sky will not clear.": ("날이 개지 않습니다.", "晴れません。", "不会放晴。", "不會放晴。"),
    "Yes: {who}'s marriage will come about.": (
        "{who}의 혼사는 이루어집니다.", "{who}の縁談はまとまります。", "{who}的亲事能成。", "{who}的親事能成。"),
    "No: {who}'s marriage will not come about.": (
        "{who}의 혼사는 이루어지지 않습니다.", "{who}の縁談はまとまりません。", "{who}的亲事难成。", "{who}的親事難成。"),
    "Yes: {who} will win the case.": (
        "{who}께서 송사에서 이기십니다.", "{who}は訴訟に勝ちます。", "{who}的官司能打赢。", "{who}的官司能打贏。"),
    "No: {who} will lose the case.": (
        "{who}께서 송사에서 지십니다.", "{who}は訴訟に負けます。", "{who}的官司会输。", "{who}的官司會輸。"),
    "Yes: {who}'s journey will go well.": (
        "{who}의 길은 순조롭습니다.", "{who}の旅は順調です。", "{who}此行顺利。", "{who}此行順利。"),
    "No: {who}'s journey will not go well.": (
        "{who}의 길은 순조롭지 않습니다.", "{who}の旅は順調にはいきません。", "{who}此行不顺。", "{who}此行不順。"),
    "Yes: {who} will come back.": (
        "{who}께서는 돌아오십니다.", "{who}は帰ってきます。", "{who}会回来。", "{who}會回來。"),
    "No: {who} will not come back soon.": (
        "{who}께서는 곧 돌아오지 않으십니다.", "{who}はすぐには帰ってきません。", "{who}一时不会回来。", "{who}一時不會回來。"),
    "Yes: {who} will come through safely.": (
        "{who}께서는 무사히 넘기십니다.", "{who}は無事に切り抜けられます。", "{who}可保平安无事。", "{who}可保平安無事。"),
    "No: {who} is in real danger; take great care.": (
        "{who}께 실제로 위험이 있으니 각별히 조심하십시오.", "{who}の身に危険があります。十分に気をつけてください。",
        "{who}确有危险，务必小心。", "{who}確有危險，務必小心。"),
    "Yes: things will go as hoped for {who}.": (
        "{who}의 일은 바라시는 대로 됩니다.", "{who}のことは望みどおりになります。", "{who}之事能如所愿。",
        "{who}之事能如所願。"),
    "No: things will not go as hoped for {who}.": (
        "{who}의 일은 바라시는 대로 되지 않습니다.", "{who}のことは望みどおりにはなりません。", "{who}之事难如所愿。",
        "{who}之事難如所願。"),
    "You will recover.": ("회복하십니다.", "回復に向かいます。", "您会康复。", "您會康復。"),
    "Your illness is grave; recovery is not in sight.": (
        "병세가 무거워 회복을 기대하기 어렵습니다.", "ご病状は重く、回復は見込みにくいです。", "您病情沉重，难望康复。",
        "您病情沉重，難望康復。"),
    "{who} will recover.": (
        "{who}께서는 회복하십니다.", "{who}は回復に向かわれます。", "{who}会康复。", "{who}會康復。"),
    "{who} is gravely ill; recovery is not in sight.": (
        "{who}의 병세가 무거워 회복을 기대하기 어렵습니다.", "{who}のご病状は重く、回復は見込みにくいです。",
        "{who}病情沉重，难望康复。", "{who}病情沉重，難望康復。"),
    "your parent": ("부모님", "親御さん", "您的父母", "您的父母"),
    "your brother or sister": ("형제분", "ご兄弟", "您的兄弟姐妹", "您的兄弟姊妹"),
    "your wife": ("부인", "奥様", "您的妻子", "您的妻子"),
    "your husband": ("남편분", "ご主人", "您的丈夫", "您的丈夫"),
    "your child": ("자녀분", "お子さん", "您的孩子", "您的孩子"),
    "your employee": ("직원분", "従業員の方", "您的雇员", "您的員工"),
    "your employer": ("고용주", "雇い主の方", "您的东家", "您的東家"),
    "your sister's husband": ("매형 또는 매제분", "ご姉妹の夫君", "您的姐夫或妹夫", "您的姊夫或妹夫"),
    "the person you ask about": ("물으신 분", "お尋ねの方", "所问之人", "所問之人"),
    "Yes: the papers, the home or the elders you ask about will favour you.": (
        "물으신 문서나 집, 어른의 일은 뜻대로 됩니다.", "お尋ねの書類や家、目上の方のことは望みどおりになります。",
        "所问文书、房宅或长辈之事能如愿。", "所問文書、房宅或長輩之事能如願。"),
    "No: the papers, the home or the elders you ask about will not favour you.": (
        "물으신 문서나 집, 어른의 일은 뜻대로 되지 않습니다.", "お尋ねの書類や家、目上の方のことは望みどおりになりません。",
        "所问文书、房宅或长辈之事难以如愿。", "所問文書、房宅或長輩之事難以如願。"),
    "Yes: the office or the person in authority will favour you.": (
        "관청이나 윗사람이 편을 들어 줍니다.", "役所や目上の方が味方してくれます。", "官府或上位之人会帮您。",
        "官府或上位之人會幫您。"),
    "No: the office or the person in authority will not favour you.": (
        "관청이나 윗사람이 편을 들어 주지 않습니다.", "役所や目上の方は味方してくれません。", "官府或上位之人不会帮您。",
        "官府或上位之人不會幫您。"),
    "Yes: your companions will stand by you.": (
        "동료들이 곁에서 도와줍니다.", "仲間が支えてくれます。", "同伴会站在您这边。", "同伴會站在您這邊。"),
    "No: your companions will not stand by you.": (
        "동료들이 도와주지 않습니다.", "仲間は支えてくれません。", "同伴不会站在您这边。", "同伴不會站在您這邊。"),
    "Yes: what you seek will come into your hands.": (
        "구하시는 것은 손에 들어옵니다.", "求めるものは手に入ります。", "所求之物能够到手。", "所求之物能夠到手。"),
    "No: what you seek will not come into your hands.": (
        "구하시는 것은 손에 들어오지 않습니다.", "求めるものは手に入りません。", "所求之物难以到手。", "所求之物難以到手。"),
    "Yes: it will turn out well and safely.": (
        "무사히 좋게 풀립니다.", "無事に良い結果になります。", "结果平安顺遂。", "結果平安順遂。"),
    "No: it will not turn out well.": (
        "좋게 풀리지 않습니다.", "良い結果にはなりません。", "结果不佳。", "結果不佳。"),
    "Yes: your matter will go as you wish.": (
        "하시는 일은 뜻대로 됩니다.", "ご自身のことは望みどおりになります。", "您的事能如愿。", "您的事能如願。"),
    "No: your matter will not go as you wish.": (
        "하시는 일은 뜻대로 되지 않습니다.", "ご自身のことは望みどおりになりません。", "您的事难以如愿。", "您的事難以如願。"),
    "Yes: the other side will go along with you.": (
        "상대방이 뜻에 따라 줍니다.", "相手は応じてくれます。", "对方会顺从您的意思。", "對方會順從您的意思。"),
    "No: the other side will not go along with you.": (
        "상대방이 뜻에 따라 주지 않습니다.", "相手は応じてくれません。", "对方不会顺从您的意思。", "對方不會順從您的意思。"),
    "Yes: it will go the way you hope.": (
        "바라시는 대로 됩니다.", "望みどおりになります。", "能如您所愿。", "能如您所願。"),
    "No: it will not go the way you hope.": (
        "바라시는 대로 되지 않습니다.", "望みどおりにはなりません。", "难如您所愿。", "難如您所願。"),
    "Neither yes nor no yet: the signs are evenly balanced.": (
        "좋다고도 나쁘다고도 아직 말할 수 없습니다. 징조가 팽팽합니다.", "吉とも凶ともまだ言えません。兆しは拮抗しています。",
        "尚难言成败，吉凶之兆相当。", "尚難言成敗，吉凶之兆相當。"),
    "Not yet, though: it comes later.": (
        "다만 지금 당장은 아니고, 때를 기다려야 이루어집니다.", "ただし今すぐではなく、時を待ってからです。",
        "只是眼下未成，须待时日。", "只是眼下未成，須待時日。"),
    "For now it holds, but it does not last.": (
        "지금은 괜찮아 보여도 끝까지 가지는 못합니다.", "今は持ちこたえていますが、長くは続きません。",
        "眼下尚可，但终难持久。", "眼下尚可，但終難持久。"),
    "It is most likely around {date} ({unit}).": (
        "가장 유력한 때는 {unit}인 {date} 무렵입니다.", "最も見込みが高いのは{unit}、{date}頃です。",
        "最可能应在{unit}，即{date}前后。", "最可能應在{unit}，即{date}前後。"),
    "It is most likely on {unit}.": (
        "가장 유력한 때는 {unit}입니다.", "最も見込みが高いのは{unit}です。", "最可能应在{unit}。", "最可能應在{unit}。"),
    "Take the most care around {date} ({unit}).": (
        "가장 조심하실 때는 {unit}인 {date} 무렵입니다.", "最も気をつけるべきは{unit}、{date}頃です。",
        "最须留意{unit}，即{date}前后。", "最須留意{unit}，即{date}前後。"),
    "Take the most care on {unit}.": (
        "가장 조심하실 때는 {unit}입니다.", "最も気をつけるべきは{unit}です。", "最须留意{unit}。", "最須留意{unit}。"),
    "Stars on {line}: lucky {good}; evil {bad}.": (
        "{line}의 신살: 길신 {good} / 흉살 {bad}.", "{line}の神煞：吉神 {good}／凶殺 {bad}。",
        "{line}所临神煞：吉神{good}；凶煞{bad}。", "{line}所臨神煞：吉神{good}；凶煞{bad}。"),
    "Stars on {line}: lucky {good}.": (
        "{line}의 신살: 길신 {good}.", "{line}の神煞：吉神 {good}。", "{line}所临神煞：吉神{good}。",
        "{line}所臨神煞：吉神{good}。"),
    "Stars on {line}: evil {bad}.": (
        "{line}의 신살: 흉살 {bad}.", "{line}の神煞：凶殺 {bad}。", "{line}所临神煞：凶煞{bad}。",
        "{line}所臨神煞：凶煞{bad}。"),
    "Each line, by the month and the day:": (
        "월건과 일진으로 본 각 효:", "月建と日辰から見た各爻：", "各爻于月建日辰之旺衰：", "各爻於月建日辰之旺衰："),
    "What the answer rests on:": ("이 판단의 근거:", "この判断の拠り所：", "此断所据：", "此斷所據："),
    "Weighed, but overruled by the above:": (
        "따져 보았으나 위의 근거에 밀린 것:", "検討したものの、上の根拠に覆されたもの：", "亦曾斟酌，但为上列所推翻者：",
        "亦曾斟酌，但為上列所推翻者："),
    "Stars (they deepen the verdict, they do not decide it):": (
        "신살 (판단을 더할 뿐 정하지는 않습니다):", "神煞（判断を深めるだけで、決めはしません）：",
        "神煞（只增吉凶，不定吉凶）：", "神煞（只增吉凶，不定吉凶）："),
    "Where the books say it (each passage, then the reasons above that rest on it):": (
        "책의 출처 (각 구절과, 그에 근거한 위 항목의 번호):", "典拠（各一節と、それに拠る上の項目の番号）：",
        "出处（每段原文，及据此得出的上列条目编号）：", "出處（每段原文，及據此得出的上列條目編號）："),
    "{title} — {book}, {chapter}: “{quote}”": (
        "{title} — 『{book}』 {chapter}: 「{quote}」", "{title} ——『{book}』{chapter}：「{quote}」",
        "{title} ——《{book}》{chapter}：“{quote}”", "{title} ——《{book}》{chapter}：「{quote}」"),
    "{title} — {book}, {chapter}": (
        "{title} — 『{book}』 {chapter}", "{title} ——『{book}』{chapter}", "{title} ——《{book}》{chapter}",
        "{title} ——《{book}》{chapter}"),
    # the parts of a matter read apart (core.question.Aspect)
    "Yes: the building work will go well.": (
        "공사는 순조롭게 진행됩니다.", "工事は順調に進みます。", "动工顺利。", "動工順利。"),
    "No: the building work will not go well; better to wait.": (
        "공사가 순조롭지 않으니 기다리시는 편이 좋습니다.", "工事は順調にいきません。待つほうがよいでしょう。",
        "动工不顺，宜暂缓。", "動工不順，宜暫緩。"),
    "Yes: the classic sees this place as the cause of the trouble.": (
        "고전은 바로 이곳을 탈의 원인으로 봅니다.", "古典はこの場所を災いの元と見ます。", "经典以此处为祸患之源。",
        "經典以此處為禍患之源。"),
    "No: the trouble does not come from this place.": (
        "탈은 이곳에서 오는 것이 아닙니다.", "災いはこの場所から来ているのではありません。", "祸患不在此处。",
        "禍患不在此處。"),
    "Yes: living together will go well for both of you.": (
        "함께 사시면 두 분 모두 잘 지내십니다.", "一緒に暮らせば、お互いにうまくいきます。", "同居彼此俱祥。", "同居彼此俱祥。"),
    "No: living together will not go well.": (
        "함께 사시면 잘 지내지 못합니다.", "一緒に暮らしてもうまくいきません。", "同居不宜。", "同居不宜。"),
    "Yes: the grave is unharmed and will settle by itself.": (
        "묘는 상한 데가 없으니 저절로 안정됩니다.", "墓は損なわれておらず、自然に落ち着きます。", "坟茔无伤，久后自安。",
        "墳塋無傷，久後自安。"),
    "No: something is harming the grave; the reasons say what.": (
        "무언가가 묘를 상하게 하고 있습니다. 무엇인지는 근거에 나옵니다.", "何かが墓を損なっています。何かは根拠に示します。",
        "坟茔有所伤，伤于何事，见下列根据。", "墳塋有所傷，傷於何事，見下列根據。"),
    "Yes: repairing the grave will bring peace.": (
        "묘를 손보시면 평안해집니다.", "墓を修めれば安らかになります。", "修补之后必获清安。", "修補之後必獲清安。"),
    "No: repairing will not help; the grave may have to be moved.": (
        "손보아도 소용이 없으니 이장해야 할 수도 있습니다.", "修めても益はなく、移葬が必要かもしれません。",
        "培补无益，或须迁葬。", "培補無益，或須遷葬。"),
    "Yes: the newly dead may be buried with the ancestors.": (
        "새로 돌아가신 분을 선영에 함께 모셔도 됩니다.", "新たに亡くなった方を先祖の墓に合葬してかまいません。",
        "新亡可以附葬祖茔。", "新亡可以附葬祖塋。"),
    "No: better to bury the newly dead elsewhere.": (
        "새로 돌아가신 분은 다른 곳에 모시는 편이 좋습니다.", "新たに亡くなった方は別の場所に葬るほうがよいでしょう。",
        "新亡宜另择他处安葬。", "新亡宜另擇他處安葬。"),
    "Yes: this geomancer is right for you.": (
        "이 지관은 맞는 사람입니다.", "この地師はふさわしい人です。", "此地师可用。", "此地師可用。"),
    "No: this geomancer is not right for you.": (
        "이 지관은 맞지 않습니다.", "この地師はふさわしくありません。", "此地师不宜用。", "此地師不宜用。"),
    "Yes: this marriage will bring children.": (
        "이 혼인에서 자녀를 얻습니다.", "この結婚で子宝に恵まれます。", "此婚可得子嗣。", "此婚可得子嗣。"),
    "No: the signs for children from this marriage are poor.": (
        "이 혼인에서 자녀를 얻을 징조는 좋지 않습니다.", "この結婚で子を授かる兆しは乏しいです。", "此婚子嗣之兆不佳。",
        "此婚子嗣之兆不佳。"),
    "Yes: the marriage will do the parents no harm.": (
        "이 혼인은 부모님께 해가 되지 않습니다.", "この結婚はご両親に障りません。", "此婚无妨于父母。", "此婚無妨於父母。"),
    "No: the marriage bodes ill for the parents.": (
        "이 혼인은 부모님께 좋지 않은 징조입니다.", "この結婚はご両親によくない兆しです。", "此婚有妨于父母。", "此婚有妨於父母。"),
    "Yes: the union will bring you no trouble.": (
        "이 인연은 화를 부르지 않습니다.", "この縁が災いを招くことはありません。", "此婚无患。", "此婚無患。"),
    "No: the union will bring you trouble; take care.": (
        "이 인연은 화를 부르니 조심하십시오.", "この縁は災いを招きます。用心してください。", "此婚有患，须谨慎。",
        "此婚有患，須謹慎。"),
    "Yes: nothing will stop the marriage.": (
        "혼사를 가로막는 것은 없습니다.", "縁談を妨げるものはありません。", "无人能拦阻此婚。", "無人能攔阻此婚。"),
    "No: the marriage will be blocked.": (
        "혼사가 가로막힙니다.", "縁談は妨げられます。", "此婚必遭拦阻。", "此婚必遭攔阻。"),
}
# classical terms (msgctxt term): (en, ko, ja, zh_Hans, zh_Hant)
TERMS: dict[str, tuple[str, str, str, str, str]] = {
    "土臨父母申日雨，土臨子孫申日晴": (
        "Parent brings rain, Child a clear sky (土臨父母申日雨)", "부모는 비, 자손은 갬 (土臨父母申日雨)",
        "土臨父母申日雨、土臨子孫申日晴", "土临父母申日雨，土临子孙申日晴", "土臨父母申日雨，土臨子孫申日晴"),
}
LANGS = ("ko", "ja", "zh_Hans", "zh_Hant")


def main() -> None:
    for lang in ("en", *LANGS):
        path = catalog_path(lang)
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for msgid, texts in S.items():
            m = cat.get(msgid)
            if m is not None and lang != "en":
                m.string = texts[LANGS.index(lang)]
            elif m is not None and not m.string:
                m.string = msgid
        for word, names in TERMS.items():
            m = cat.get(word, context=TERM)
            if m is not None:
                m.string = names[("en", *LANGS).index(lang)]
        with path.open("wb") as fh:
            write_po(fh, cat, width=120, ignore_obsolete=True)
    print("filled")


if __name__ == "__main__":
    main()
