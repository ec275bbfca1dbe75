"""gettext catalogs (Babel): one domain, liuyao, for en, ko, ja, zh_Hans, zh_Hant; see tools/i18n.py."""
