/* The compiled build's searches on masks: the two-seat race (see _Shedding and
 * _Race in search.py), and the proof search and the search that counts no
 * moves of any number of seats (see _Positions, _Proof and _Force; described
 * where they begin, below).
 *
 * Race(filters, beaten_by, trumps, whole, groups, pick=-1, quiet_limit=0,
 *      layout=104)
 *
 * One set of rules' two-seat race on the hands' masks, with its table of
 * answers, kept from one question to the next. ``filters`` holds, for each
 * top card (0 to 51), the pairs (shift of a suit, 13-bit pattern of the cards
 * of that suit that may be the lowest of a play beating it) laid flat;
 * ``beaten_by`` for each top card the mask of the cards that may be the lowest
 * of a play beating it; ``trumps`` the mask of the trump suit; ``whole``, at
 * ``13 * low + high``, whether the touching cards from rank index ``low`` to
 * ``high`` of one suit may be played as one play; ``groups``, for each suit,
 * the group of suits whose ranks it compares with (its table keyed by relative
 * ranks, see _Shedding.key), or nothing for a table keyed by the masks
 * themselves. These are the fields of the same names of a _Shedding. The
 * searches on masks of any number of seats also need ``pick``, how a pick-up
 * takes the plays (search._PICK_KINDS' index; -1, the default, where they are
 * not asked for), the ``quiet_limit`` and search._layout's ``layout``;
 * race.key(hands, plays, turn, size, active) keys a position as they do.
 *
 * race.leads(hand, other, max_nodes, deadline): 1 if the seat to lead from
 * ``hand`` escapes, the other holding ``other``, 0 if it is the goat;
 * race.answered(rest, other, lead, max_nodes, deadline): 1 if the seat that led
 * ``lead`` and holds ``rest`` escapes whatever the other answers, else 0.
 * Either answers -1 once it has counted more than ``max_nodes`` positions or
 * time.monotonic() has passed ``deadline`` (looked at every 256 positions,
 * when a signal's handler runs too: Ctrl-C raises KeyboardInterrupt from it);
 * what it proved before stopping stays in its table. race.nodes is the number
 * of positions the last question counted, len(race) the answers it holds.
 *
 * It tries the moves in the order of the pure race, counts the positions it
 * does and keeps the answers it does, so that both give the same verdicts
 * after the same number of positions: tests/test_solve.py holds them to that
 * on many positions under varied rules. What it saves is the boxing of masks
 * and the dictionary of Python integers: about six times fewer seconds.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#if defined(_MSC_VER)
#include <intrin.h>
static int
top_bit(uint64_t word)
{
    unsigned long at;
    _BitScanReverse64(&at, word);
    return (int)at;
}
#else
static int
top_bit(uint64_t word)
{
    return 63 - __builtin_clzll(word);
}
#endif

/* The most plays one hand can hold: four suits of thirteen touching cards,
 * each with 91 runs at most. */
#define MOST_PLAYS 364
/* The most plays FINISHERS_MOST cards make: six touching cards, 21 runs. */
#define FINISHERS_MOST 6
#define MOST_FINISHERS 21
#define PATTERNS 8192
#define CLOCK_EVERY 256
/* search._TRUMPS_LAST and search._UNBEATEN_LAST: in the order of plays (each
 * play << 2 | suit, sorted), trumps after every other play, and a lead the
 * other seat cannot beat after those it can */
#define TRUMPS_LAST (UINT32_C(1) << 31)
#define UNBEATEN_LAST (UINT32_C(1) << 30)
/* search._WEAKER_FIRST: a lead's place among the leads of its kind, from the
 * number of cards in play that beat its lowest card (bits 23 to 28 of the order) */
#define WEAKER_FIRST 63
#define PACK_MASK ((UINT64_C(1) << 52) - 1)
#define SUIT_STARTS (UINT64_C(1) | UINT64_C(1) << 13 | UINT64_C(1) << 26 | UINT64_C(1) << 39)

typedef struct {
    PyObject_HEAD
    int filter_count[52];
    int filter_shift[52][4];
    uint32_t filter_pattern[52][4];
    uint64_t beaten_by[52];
    uint64_t trumps;
    unsigned char whole[169];
    /* _Shedding.beats and _Shedding.one_way */
    uint64_t beats[52];
    /* the cards that every card of a suit's pattern beats, by the pattern's
     * low 7 and high 6 bits (all cards for none): see beaten_by_all */
    uint64_t beats_low[4][128], beats_high[4][64];
    int one_way;
    /* whether a block's plays depend on its length alone (not on where it
     * lies), and no two cards beat each other: then the junk may move (see
     * canonical) */
    int shifting;
    /* each suit's group of suits compared by rank; relative: whether the
     * table is keyed by relative ranks (see relative_key) */
    int group_of[4];
    uint64_t group_suits[4]; /* the lowest card of each suit of a group */
    uint64_t crossing_suits[4]; /* for each suit, the cards of the other suits of its group */
    int plain_suits[4], plain_count; /* the suits without trumps, in order */
    int relative;
    /* the plays of each pattern of one suit, in the race's order, each as
     * (16 - cards) << 17 | top << 13 | play, made when first asked for */
    uint32_t *plays[PATTERNS];
    unsigned char play_count[PATTERNS];
    /* the table: two words of key (leader, other) a slot, and a byte a slot
     * (see tagged) kept apart, small enough to stay in the cache: a look-up
     * reads the key only where that byte holds the same bits of its hash */
    uint64_t *keys;
    signed char *answers;
    size_t capacity, used;
    /* the moves of each level of the line being searched, MOST_PLAYS apiece
     * (and after them the finishers of leading(), MOST_FINISHERS words, and
     * the shapes of its junk leads, MOST_PLAYS ints),
     * made when the line first grows that deep: kept off the C stack, so that
     * a deep line fits in a thread's small stack */
    uint32_t **frames;
    int frame_count, depth;
    /* the question being answered */
    long long nodes, max_nodes;
    double deadline;
    int stop; /* 1 past the budget, 2 a Python error is set */
    PyObject *clock;
    /* the proof search on masks (see Race.prove): how a pick-up takes the
     * plays (PICK_*, or -1 where the rules' positions are not searched on
     * masks), the moves without a card leaving the game that stall it, and
     * whether its keys may have relative ranks (search._layout's low bit) */
    int pick, quiet_limit, squeezable;
    /* the question being proved: the table (the caller's dict, borrowed for
     * the question), the seat and its goal */
    struct Bounds *proof_table;
    int proof_seat, proof_escape;
    /* the moves and their positions' keys at each level of the line */
    struct Level **levels;
    int level_count, proof_depth;
    /* what the race was made of, for pickling */
    PyObject *made;
    /* the key's plans by the cards in play (see KeyPlan), made when first needed */
    struct KeyPlan *plans;
} Race;

static uint64_t
mixed_of(uint64_t hand, uint64_t other)
{
    uint64_t mixed = hand * 0x9E3779B97F4A7C15ull ^ (other + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    return mixed ^ mixed >> 29;
}

static size_t
slot_of(uint64_t hand, uint64_t other, size_t capacity)
{
    return (size_t)mixed_of(hand, other) & (capacity - 1);
}

/* a slot's byte: -1 where it is empty, else six bits of the key's hash
 * (from the top, apart from the slot's own bits) and the answer */
static signed char
tagged(uint64_t mixed, int answer)
{
    return (signed char)((mixed >> 58) << 1 | (uint64_t)answer);
}

static int
card_count(uint64_t mask)
{
#if defined(_MSC_VER)
    int count = 0;
    while (mask) {
        mask &= mask - 1;
        count++;
    }
    return count;
#elif defined(__POPCNT__)
    return __builtin_popcountll(mask);
#else
    /* by halves, quarters and bytes: without the processor's instruction
     * (not every x86-64 has it) cheaper than the compiler's call */
    mask -= mask >> 1 & UINT64_C(0x5555555555555555);
    mask = (mask & UINT64_C(0x3333333333333333)) + (mask >> 2 & UINT64_C(0x3333333333333333));
    mask = (mask + (mask >> 4)) & UINT64_C(0x0F0F0F0F0F0F0F0F);
    return (int)(mask * UINT64_C(0x0101010101010101) >> 56);
#endif
}

/* search._plays_needed of one pack's hand */
static int
plays_needed(uint64_t hand)
{
    uint64_t first = hand & PACK_MASK;
    return card_count((first & ~(first << 1)) | (first & SUIT_STARTS));
}

/* _Shedding._packed_key: the table's key of the leader's ``*hand`` and the
 * other's ``*other``, written back in place, by relative ranks: each group of
 * suits compared by rank keeps the ranks some card in play holds, and of the
 * ranks between two such that no card holds, one rank, only where a suit holds
 * cards on both sides (else two cards of that suit would touch); every card
 * moves down past the ranks left out. */
static void
packed_key(const Race *race, uint64_t *hand, uint64_t *other)
{
    uint64_t live = *hand | *other, packed_hand = *hand, packed_other = *other;
    uint32_t patterns[4], ranks[4] = {0, 0, 0, 0};
    for (int suit = 0; suit < 4; suit++) {
        patterns[suit] = (uint32_t)(live >> (13 * suit)) & 0x1FFF;
        ranks[race->group_of[suit]] |= patterns[suit];
    }
    for (int group = 0; group < 4; group++) {
        uint32_t held = ranks[group];
        if (!held)
            continue;
        uint32_t low = held & (~held + 1), high = (uint32_t)1 << top_bit(held);
        uint32_t gaps = ~held & (high - 1) & ~(low - 1);
        uint32_t starts = gaps & ~(gaps << 1);
        uint32_t dropped = 0x1FFF & ~held;
        while (starts) {
            uint32_t start = starts & (~starts + 1);
            starts ^= start;
            uint32_t above = held & ~((start << 1) - 1);
            uint32_t after = above & (~above + 1), before = start >> 1;
            for (int suit = 0; suit < 4; suit++)
                if (race->group_of[suit] == group && (patterns[suit] & before) && (patterns[suit] & after)) {
                    dropped ^= start;
                    break;
                }
        }
        /* each rank left out, highest first: the group's cards above it move down one */
        uint64_t suits = race->group_suits[group];
        while (dropped) {
            int rank = top_bit(dropped);
            dropped ^= (uint32_t)1 << rank;
            uint64_t moving = (uint64_t)(0x1FFF & ~((2u << rank) - 1)) * suits;
            packed_hand = (packed_hand & ~moving) | (packed_hand & moving) >> 1;
            packed_other = (packed_other & ~moving) | (packed_other & moving) >> 1;
        }
    }
    *hand = packed_hand;
    *other = packed_other;
}

static void sort_plays(uint32_t *entries, int count);

/* bits of a key of two words: ``count`` of them from ``value`` at ``*at`` */
static void
append_bits(uint64_t *words, int *at, uint64_t value, int count)
{
    if (*at < 128 && value) {
        words[*at >> 6] |= value << (*at & 63);
        if ((*at & 63) + count > 64 && *at < 64)
            words[1] |= value >> (64 - (*at & 63));
    }
    *at += count;
}

/* the cards of a 13-bit pattern, counted without a library call */
static int
pattern_count(uint32_t pattern)
{
    pattern = pattern - (pattern >> 1 & 0x5555);
    pattern = (pattern & 0x3333) + (pattern >> 2 & 0x3333);
    pattern = (pattern + (pattern >> 4)) & 0x0F0F;
    return (int)((pattern + (pattern >> 8)) & 0x1F);
}

/* Whether two words are a key relative_key could have written under the
 * race's groups (for a pickled table): each group's count, its blocks' steps up and
 * cards adding up, no rank past the 13th, nothing after the last group. */
static int
block_key_valid(const Race *race, const uint64_t *words)
{
    int at = 0, total = 0;
#define READ_BIT() (at < 127 ? (int)(words[at >> 6] >> (at & 63) & 1) : -1)
    for (int group = 0; group < 4; group++) {
        if (!race->group_suits[group])
            continue;
        int cards = 0;
        for (int bit = 0; bit < 6; bit++, at++) {
            int value = READ_BIT();
            if (value < 0)
                return 0;
            cards |= value << bit;
        }
        int lowest = 0;
        while (cards > 0) {
            int value;
            while ((value = READ_BIT()) == 1) {
                at++;
                if (++lowest > 12)
                    return 0;
            }
            if (value < 0)
                return 0;
            at++;
            int length = 1;
            while ((value = READ_BIT()) == 1) {
                at++;
                if (++length > 13 - lowest)
                    return 0;
            }
            if (value < 0 || at + 1 + length > 127)
                return 0;
            at += 1 + length; /* the 0, then whether the leader holds each card */
            cards -= length;
            total += length;
        }
        if (cards < 0)
            return 0;
    }
#undef READ_BIT
    if (total < 2 || total > 52)
        return 0;
    for (; at < 127; at++)
        if (words[at >> 6] >> (at & 63) & 1)
            return 0;
    return 1;
}

/* The most blocks a key of 127 bits holds (each takes 3 bits or more). */
#define MOST_BLOCKS 42
/* Plans kept, by the cards in play: 1 << PLAN_BITS. */
#define PLAN_BITS 10
#define PLANS (1 << PLAN_BITS)

/* The plan of the key of blocks while ``live`` are the cards in play, as
 * search._Shedding._plan_for's (see _Shedding.key: group by group, the number
 * of cards in play in 6 bits and the blocks of touching cards sorted by their
 * lowest rank among the group's ranks in play, their length and their
 * leader's cards, each written as the steps up from the last block's lowest
 * rank and its length, each as ones (one fewer for the length) and then a 0,
 * and for each card whether the leader holds it; bit 127 set): the bits no hand changes (or fits 0 where the
 * key would not fit 127 bits), and each block in the key's order: the place of
 * its lowest card in the hands, its length, the place of its first card in the
 * key, and whether the next block has the same lowest rank and length (so
 * which of them goes first depends on the leader's cards). */
struct KeyPlan {
    uint64_t live, bits[2];
    int fits, count;
    unsigned char shift[MOST_BLOCKS], length[MOST_BLOCKS], base[MOST_BLOCKS], tied[MOST_BLOCKS];
};

/* Make ``plan`` for ``live``. */
static void
make_plan(const Race *race, uint64_t live, struct KeyPlan *plan)
{
    int at = 0;
    plan->live = live;
    plan->bits[0] = plan->bits[1] = 0;
    plan->count = 0;
    plan->fits = 0;
    for (int group = 0; group < 4; group++) {
        uint64_t suits = race->group_suits[group];
        if (!suits)
            continue;
        uint32_t ranks = 0;
        for (int suit = 0; suit < 4; suit++)
            if (suits >> (13 * suit) & 1)
                ranks |= (uint32_t)(live >> (13 * suit)) & 0x1FFF;
        uint32_t blocks[52];
        int count = 0, cards = 0;
        for (int suit = 0; suit < 4; suit++) {
            if (!(suits >> (13 * suit) & 1))
                continue;
            uint32_t pattern = (uint32_t)(live >> (13 * suit)) & 0x1FFF;
            while (pattern) {
                uint32_t low = pattern & (~pattern + 1);
                uint32_t run = ((pattern + low) & ~pattern) - low;
                pattern ^= run;
                int shift = top_bit(low), length = top_bit(run) - shift + 1;
                cards += length;
                blocks[count++] = (uint32_t)pattern_count(ranks & (low - 1)) << 10 | (uint32_t)length << 6
                                  | (uint32_t)(13 * suit + shift);
            }
        }
        sort_plays(blocks, count);
        append_bits(plan->bits, &at, (uint64_t)cards, 6);
        int previous = 0;
        for (int i = 0; i < count; i++) {
            int lowest = (int)(blocks[i] >> 10), length = (int)(blocks[i] >> 6 & 15);
            int steps = lowest - previous;
            previous = lowest;
            append_bits(plan->bits, &at, ((uint64_t)1 << steps) - 1, steps + 1); /* the steps up, then a 0 */
            if (at > 127 || plan->count >= MOST_BLOCKS)
                return;
            append_bits(plan->bits, &at, ((uint64_t)1 << (length - 1)) - 1, length); /* ones, then a 0 */
            int block = plan->count++;
            plan->shift[block] = (unsigned char)(blocks[i] & 63);
            plan->length[block] = (unsigned char)length;
            plan->base[block] = (unsigned char)at;
            plan->tied[block] = i + 1 < count && blocks[i + 1] >> 6 == blocks[i] >> 6;
            at += length; /* the leader's cards, put in by relative_key */
        }
        if (at > 127)
            return;
    }
    plan->bits[1] |= (uint64_t)1 << 63;
    plan->fits = 1;
}

/* a block's ``cards`` or-ed into a key at bit ``base`` */
static void
place_cards(uint64_t *words, int base, uint64_t cards)
{
    words[base >> 6] |= cards << (base & 63);
    if (base < 64 && (base & 63) && cards >> (64 - (base & 63)))
        words[1] |= cards >> (64 - (base & 63));
}

/* _Shedding.key: the table's key of the leader's ``*hand`` and the other's
 * ``*other``, written back in place: the masks themselves where no groups are
 * given, else the key of blocks from the plan of the cards in play, where it
 * fits 127 bits, else packed_key's. 0, or -1 with a Python error set. */
static int
relative_key(Race *race, uint64_t *hand, uint64_t *other)
{
    if (!race->relative)
        return 0;
    uint64_t live = *hand | *other;
    if (race->plans == NULL) {
        race->plans = PyMem_Calloc(PLANS, sizeof(struct KeyPlan));
        if (race->plans == NULL) {
            PyErr_NoMemory();
            race->stop = 2;
            return -1;
        }
    }
    struct KeyPlan *plan = &race->plans[(live * 0x9E3779B97F4A7C15ull) >> (64 - PLAN_BITS)];
    if (plan->live != live)
        make_plan(race, live, plan);
    if (!plan->fits) {
        packed_key(race, hand, other);
        return 0;
    }
    uint64_t words[2] = {plan->bits[0], plan->bits[1]}, held = *hand;
    uint64_t low = 0, high = 0; /* the untied blocks' cards, kept out of memory */
    for (int block = 0; block < plan->count;) {
        if (!plan->tied[block]) {
            uint64_t cards = held >> plan->shift[block] & ((UINT64_C(1) << plan->length[block]) - 1);
            int base = plan->base[block];
            if (base >= 64)
                high |= cards << (base - 64);
            else {
                low |= cards << base;
                if (base)
                    high |= cards >> 1 >> (63 - base);
            }
            block++;
            continue;
        }
        /* blocks of one lowest rank and length: the leader's cards in order */
        uint32_t owned[4];
        int last = block, count = 0;
        while (plan->tied[last])
            last++;
        for (int i = block; i <= last; i++)
            owned[count++] = (uint32_t)(held >> plan->shift[i]) & ((1u << plan->length[i]) - 1);
        sort_plays(owned, count);
        for (int i = 0; i < count; i++)
            place_cards(words, plan->base[block + i], owned[i]);
        block = last + 1;
    }
    *hand = words[0] | low;
    *other = words[1] | high;
    return 0;
}

static int
grow(Race *race)
{
    size_t capacity = race->capacity ? race->capacity * 2 : (size_t)1 << 14;
    uint64_t *keys = PyMem_Calloc(capacity * 2, sizeof(uint64_t));
    signed char *answers = PyMem_Malloc(capacity);
    if (keys == NULL || answers == NULL) {
        PyMem_Free(keys);
        PyMem_Free(answers);
        PyErr_NoMemory();
        race->stop = 2;
        return -1;
    }
    memset(answers, -1, capacity);
    for (size_t i = 0; i < race->capacity; i++) {
        if (race->answers[i] < 0)
            continue;
        size_t j = slot_of(race->keys[2 * i], race->keys[2 * i + 1], capacity);
        while (answers[j] >= 0)
            j = (j + 1) & (capacity - 1);
        keys[2 * j] = race->keys[2 * i];
        keys[2 * j + 1] = race->keys[2 * i + 1];
        answers[j] = race->answers[i];
    }
    PyMem_Free(race->keys);
    PyMem_Free(race->answers);
    race->keys = keys;
    race->answers = answers;
    race->capacity = capacity;
    return 0;
}

static int
known(Race *race, uint64_t hand, uint64_t other)
{
    uint64_t mixed = mixed_of(hand, other);
    size_t j = (size_t)mixed & (race->capacity - 1);
    int tag = (int)(mixed >> 58);
    while (race->answers[j] >= 0) {
        /* the key is read only where the hash's bits in the slot agree */
        if ((race->answers[j] >> 1) == tag && race->keys[2 * j] == hand && race->keys[2 * j + 1] == other)
            return race->answers[j] & 1;
        j = (j + 1) & (race->capacity - 1);
    }
    return -1;
}

/* Ask the processor to bring the table's slot of a key into the cache: the
 * look-up that follows a little later then seldom waits for memory. */
static void
fetch(const Race *race, uint64_t hand, uint64_t other)
{
#if defined(__GNUC__)
    size_t j = slot_of(hand, other, race->capacity);
    __builtin_prefetch(&race->answers[j]);
    __builtin_prefetch(&race->keys[2 * j]);
#else
    (void)race;
    (void)hand;
    (void)other;
#endif
}

static int
keep(Race *race, uint64_t hand, uint64_t other, int answer)
{
    if ((race->used + 1) * 2 > race->capacity && grow(race) < 0)
        return -1;
    uint64_t mixed = mixed_of(hand, other);
    size_t j = (size_t)mixed & (race->capacity - 1);
    while (race->answers[j] >= 0)
        j = (j + 1) & (race->capacity - 1);
    race->keys[2 * j] = hand;
    race->keys[2 * j + 1] = other;
    race->answers[j] = tagged(mixed, answer);
    race->used++;
    return 0;
}

/* Count a position; past the budget or the deadline, stop (-1). */
static int
counted(Race *race)
{
    race->nodes++;
    if (race->nodes > race->max_nodes) {
        race->stop = 1;
        return -1;
    }
    if (race->nodes % CLOCK_EVERY != 0)
        return 0;
    if (PyErr_CheckSignals() < 0) { /* Ctrl-C: the KeyboardInterrupt goes up */
        race->stop = 2;
        return -1;
    }
    if (race->deadline < Py_HUGE_VAL) {
        PyObject *now = PyObject_CallNoArgs(race->clock);
        if (now == NULL) {
            race->stop = 2;
            return -1;
        }
        double seconds = PyFloat_AsDouble(now);
        Py_DECREF(now);
        if (seconds == -1.0 && PyErr_Occurred()) {
            race->stop = 2;
            return -1;
        }
        if (seconds > race->deadline) {
            race->stop = 1;
            return -1;
        }
    }
    return 0;
}

static void
sort_plays(uint32_t *entries, int count)
{
    for (int i = 1; i < count; i++) {
        uint32_t entry = entries[i];
        int j = i - 1;
        while (j >= 0 && entries[j] > entry) {
            entries[j + 1] = entries[j];
            j--;
        }
        entries[j + 1] = entry;
    }
}

/* The plays of a 13-bit pattern of one suit (see Race.plays), or NULL with
 * a Python error set. */
static const uint32_t *
plays_of(Race *race, uint32_t pattern)
{
    if (race->plays[pattern] != NULL)
        return race->plays[pattern];
    uint32_t found[91 * 4];
    int count = 0;
    uint32_t rest = pattern;
    while (rest) {
        int low = top_bit(rest & (~rest + 1)), high = low;
        while (rest >> (high + 1) & 1)
            high++;
        rest &= ~((2u << high) - 1);
        for (int start = low; start <= high; start++)
            for (int end = start; end <= high; end++)
                if (race->whole[13 * start + end]) {
                    uint32_t play = ((2u << end) - 1) ^ ((1u << start) - 1);
                    found[count++] = (uint32_t)(16 - (end - start + 1)) << 17 | (uint32_t)end << 13 | play;
                }
    }
    sort_plays(found, count);
    uint32_t *kept = PyMem_Malloc(sizeof(uint32_t) * (count ? count : 1));
    if (kept == NULL) {
        PyErr_NoMemory();
        race->stop = 2;
        return NULL;
    }
    memcpy(kept, found, sizeof(uint32_t) * count);
    race->plays[pattern] = kept;
    race->play_count[pattern] = (unsigned char)count;
    return kept;
}

/* _Shedding._quick_line: the line itself, at most one piece beatable. */
static int
quick_line(Race *race, const uint64_t *pieces, int count, uint64_t other)
{
    uint32_t order[52];
    for (int i = 0; i < count; i++) {
        int top = top_bit(pieces[i]);
        order[i] = ((uint32_t)((pieces[i] & race->trumps) != 0) << 4 | (uint32_t)(top % 13)) << 8 | (uint32_t)i;
    }
    sort_plays(order, count);
    int beatable = -1;
    for (int place = 0; place < count; place++)
        if (other & race->beaten_by[top_bit(pieces[order[place] & 0xFF])])
            beatable = place;
    int skipped = beatable >= 0 ? beatable : 0;
    uint64_t held = other;
    for (int place = 0; place < count; place++) {
        if (place == skipped)
            continue;
        uint64_t piece = pieces[order[place] & 0xFF];
        if (held & race->beaten_by[top_bit(piece)])
            return 0;
        held |= piece;
    }
    return 1;
}

/* _Shedding.quick: the number of leads of the quick line where the leader
 * goes out by it, else 0. */
static int
quick(Race *race, uint64_t hand, uint64_t other)
{
    uint64_t pieces[52];
    int count = 0, beatable = 0;
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        uint32_t pattern = (uint32_t)(hand >> shift) & 0x1FFF;
        while (pattern) {
            uint32_t low = pattern & (~pattern + 1);
            uint32_t run = ((pattern + low) & ~pattern) - low;
            pattern ^= run;
            int top = top_bit(run);
            if (race->whole[13 * top_bit(low) + top]) {
                pieces[count++] = (uint64_t)run << shift;
                if (other & race->beaten_by[shift + top])
                    beatable++;
            }
            else {
                while (run) {
                    uint32_t card = run & (~run + 1);
                    run ^= card;
                    pieces[count++] = (uint64_t)card << shift;
                    if (other & race->beaten_by[shift + top_bit(card)])
                        beatable++;
                }
            }
            if (beatable > 1)
                return 0;
        }
    }
    if (count == 1)
        return 1;
    return quick_line(race, pieces, count, other) ? count : 0;
}

/* _Shedding.tops: the top cards of ``hand`` against ``other``. */
static uint64_t
tops_of(const Race *race, uint64_t hand, uint64_t other)
{
    uint64_t live = hand | other, taken = 0;
    uint64_t trumps = hand & race->trumps;
    uint64_t pools[2] = {trumps, hand ^ trumps};
    for (int pass = 0; pass < 2; pass++)
        while (pools[pass]) {
            uint64_t pool = pools[pass];
            uint64_t ranks = (pool | pool >> 13 | pool >> 26 | pool >> 39) & 0x1FFF;
            uint64_t cards = pool & SUIT_STARTS << top_bit(ranks);
            pools[pass] ^= cards;
            while (cards) {
                uint64_t card = cards & (~cards + 1);
                cards ^= card;
                if (live & ~taken & ~card & ~race->beats[top_bit(card)])
                    return taken;
                taken |= card;
            }
        }
    return taken;
}

/* search._can_join */
static int
joined(uint64_t piece, uint64_t live)
{
    uint64_t low = piece & (~piece + 1);
    int high = top_bit(piece);
    return !(low & SUIT_STARTS) && high % 13 != 12 && (live >> (top_bit(low) - 1) & 1) &&
           (live >> (high + 1) & 1);
}

/* _Shedding._pieces, and _Shedding._joins where joins is not NULL. */
static int
pieces_of(const Race *race, uint64_t hand, uint64_t tops, uint64_t live, int *joins)
{
    int count = 0;
    uint64_t rest = hand & ~tops;
    for (int suit = 0; suit < 4; suit++) {
        int shift = 13 * suit;
        uint32_t pattern = (uint32_t)(rest >> shift) & 0x1FFF;
        while (pattern) {
            uint32_t low = pattern & (~pattern + 1);
            uint32_t run = ((pattern + low) & ~pattern) - low;
            pattern ^= run;
            if (race->whole[13 * top_bit(low) + top_bit(run)]) {
                count++;
                if (joins)
                    *joins += joined((uint64_t)run << shift, live);
            }
            else
                while (run) {
                    uint32_t card = run & (~run + 1);
                    run ^= card;
                    count++;
                    if (joins)
                        *joins += joined((uint64_t)card << shift, live);
                }
        }
    }
    if (joins)
        while (tops) {
            uint64_t card = tops & (~tops + 1);
            tops ^= card;
            *joins += joined(card, live);
        }
    return count;
}

/* Whether ``count`` top cards and ``pieces`` other pieces of ``hand`` (its top
 * cards ``tops``) outlast the other seat's ``blocks``, with ``plays`` of the
 * other's and ``picked`` pick-ups (see _Shedding.settled). */
static int
outlasts(const Race *race, uint64_t hand, uint64_t tops, uint64_t live, int blocks, int plays, int picked)
{
    if (blocks <= plays)
        return 0;
    if (blocks > plays + picked)
        return 1;
    int joins = 0;
    pieces_of(race, hand, tops, live, &joins);
    return blocks > plays + joins;
}

/* _Shedding.tops_win: settled()'s first half, with ``spare`` of the other's
 * blocks to spare: whether the leader's top cards put it out whatever the
 * other does. */
static int
tops_win(const Race *race, uint64_t hand, uint64_t other, int spare)
{
    uint64_t live = hand | other;
    uint64_t tops = tops_of(race, hand, other);
    /* each block of touching cards outside the top cards is a piece at least */
    if (!tops || plays_needed(hand & ~tops) > card_count(tops) + 1)
        return 0;
    int count = card_count(tops);
    int pieces = pieces_of(race, hand, tops, live, NULL);
    return count >= pieces - 1 &&
           outlasts(race, hand, tops, live, plays_needed(other) - spare, 2 * (pieces - 1), pieces + count - 1);
}

/* _Shedding.settled: 1 where the leader's top cards put it out whatever the
 * other does, 0 where the other's do, -1 where neither is sure. */
static int
settled(const Race *race, uint64_t hand, uint64_t other)
{
    if (!race->one_way)
        return -1;
    if (tops_win(race, hand, other, 0))
        return 1;
    uint64_t live = hand | other;
    uint64_t tops = tops_of(race, other, hand);
    if (tops && plays_needed(other & ~tops) <= card_count(tops)) {
        int count = card_count(tops);
        int pieces = pieces_of(race, other, tops, live, NULL);
        int plays = pieces ? 2 * pieces - 1 : 1; /* the lead, then two for each piece beaten */
        int picked = pieces + count - 2 > 0 ? pieces + count - 2 : 0;
        if (count >= pieces && outlasts(race, other, tops, live, plays_needed(hand), plays, picked))
            return 0;
    }
    return -1;
}

/* A line no game reaches: 52 cards, each led and picked up at most 52 times
 * between two kills, is far less. Past it the race stops with an error. */
#define DEEPEST_LINE 100000

/* The moves of the next level of the line (see Race.frames), or NULL with a
 * Python error set. leave() gives it back. */
static uint32_t *
enter(Race *race)
{
    if (race->depth >= DEEPEST_LINE) {
        PyErr_Format(PyExc_RecursionError, "the race's line grew past %d positions", DEEPEST_LINE);
        race->stop = 2;
        return NULL;
    }
    if (race->depth == race->frame_count) {
        int count = race->frame_count ? race->frame_count * 2 : 64;
        uint32_t **frames = PyMem_Realloc(race->frames, sizeof(uint32_t *) * (size_t)count);
        if (frames == NULL) {
            PyErr_NoMemory();
            race->stop = 2;
            return NULL;
        }
        for (int i = race->frame_count; i < count; i++)
            frames[i] = NULL;
        race->frames = frames;
        race->frame_count = count;
    }
    uint32_t *frame = race->frames[race->depth];
    if (frame == NULL) {
        frame = race->frames[race->depth] =
            PyMem_Malloc(sizeof(uint32_t) * MOST_PLAYS + sizeof(uint64_t) * MOST_FINISHERS + sizeof(int) * MOST_PLAYS);
        if (frame == NULL) {
            PyErr_NoMemory();
            race->stop = 2;
            return NULL;
        }
    }
    race->depth++;
    return frame;
}

static int
leave(Race *race, int answer)
{
    race->depth--;
    return answer;
}


/* The cards that every card of ``cards`` beats (all cards for none), read
 * from the tables of what each suit's patterns beat. */
static uint64_t
beaten_by_all(const Race *race, uint64_t cards)
{
    uint64_t all = ~(uint64_t)0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t pattern = (uint32_t)(cards >> (13 * suit)) & 0x1FFF;
        all &= race->beats_low[suit][pattern & 127] & race->beats_high[suit][pattern >> 7];
    }
    return all;
}

/* The cards beside ``cards``: a rank above or below one of them, in its suit. */
static uint64_t
beside(uint64_t cards)
{
    return ((cards << 1 & ~SUIT_STARTS) | (cards >> 1 & ~(SUIT_STARTS << 12))) & PACK_MASK;
}

/* _Shedding.junk_of: the junk of ``mine`` against ``theirs``, the most of its
 * cards such that every other card in play beats each of them alone and none
 * of their blocks of touching cards touches a card in play outside them. */
static uint64_t
junk_of(const Race *race, uint64_t mine, uint64_t theirs)
{
    uint64_t live = mine | theirs, junk = mine & beaten_by_all(race, theirs);
    while (junk) {
        uint64_t kept = junk & beaten_by_all(race, mine & ~junk);
        /* the blocks of ``kept`` with a card beside a card in play outside
         * it, grown card by card from those cards, are left out */
        uint64_t out = kept & beside(live & ~kept);
        while (out) {
            uint64_t grown = out | (beside(out) & kept);
            if (grown == out)
                break;
            out = grown;
        }
        uint64_t found = kept & ~out;
        if (found == junk)
            break;
        junk = found;
    }
    return junk;
}

/* _Shedding.moved: ``mine`` with its ``junk`` laid out as canonical() lays
 * it, or 0 where it does not fit. */
static uint64_t
moved(const Race *race, uint64_t mine, uint64_t theirs, uint64_t junk)
{
    uint64_t rest = (mine | theirs) & ~junk, plain = rest & ~race->trumps;
    uint32_t ranks = 0;
    for (int suit = 0; suit < 4; suit++)
        ranks |= (uint32_t)(plain >> (13 * suit)) & 0x1FFF;
    int ceiling = ranks ? top_bit(ranks & (~ranks + 1)) : 13; /* the lowest such rank */
    int blocks[14] = {0}, longest = 1; /* the junk's blocks of each length, and the longest */
    if (!(junk & junk << 1 & ~SUIT_STARTS)) {
        /* no two of its cards touch: all single, each suit without trumps
         * filled in turn at every other rank from the lowest, the last where
         * the card above it is below the ceiling, or is the ceiling and
         * outside the rest */
        int left = card_count(junk);
        uint64_t laid = 0;
        for (int place = 0; place < race->plain_count && left; place++) {
            int suit = race->plain_suits[place];
            int room = ceiling / 2 + (ceiling % 2 && ceiling < 13 && !(rest >> (13 * suit + ceiling) & 1));
            int taken = left < room ? left : room;
            laid |= (uint64_t)(0x1555u & ((1u << (2 * taken)) - 1)) << (13 * suit);
            left -= taken;
        }
        return left ? 0 : laid;
    }
    else
        for (int suit = 0; suit < 4; suit++) {
            uint32_t pattern = (uint32_t)(junk >> (13 * suit)) & 0x1FFF;
            while (pattern) {
                uint32_t low = pattern & (~pattern + 1);
                uint32_t run = ((pattern + low) & ~pattern) - low;
                pattern ^= run;
                int length = card_count(run);
                blocks[length]++;
                if (length > longest)
                    longest = length;
            }
        }
    int next[4] = {0, 0, 0, 0};
    uint64_t laid = 0;
    for (int length = longest; length > 0; length--) /* longest first */
        for (int left = blocks[length]; left > 0; left--) {
            int place = 0, suit = 0;
            for (; place < race->plain_count; place++) {
                suit = race->plain_suits[place];
                int end = next[suit] + length; /* the rank just above the block */
                if (end < ceiling || (end == ceiling && end < 13 && !(rest >> (13 * suit + end) & 1)))
                    break;
            }
            if (place == race->plain_count)
                return 0;
            laid |= (uint64_t)((1u << length) - 1) << (13 * suit + next[suit]);
            next[suit] += length + 1;
        }
    return laid;
}

/* _Shedding.canonical: where one seat holds junk (junk_of), the position with
 * that junk laid out the same way whatever its cards were: its blocks, longest
 * first, each in the first suit without trumps where it fits from the lowest
 * rank up, one rank apart, below every card in play outside it that is not a
 * trump. The two positions are one game (see _Shedding.canonical). Where the
 * rules do not allow it, or the junk does not fit, the position itself. */
static void
canonical(const Race *race, uint64_t *hand, uint64_t *other)
{
    if (!race->shifting)
        return;
    uint64_t *mine = hand, *theirs = other;
    uint64_t junk = junk_of(race, *mine, *theirs);
    if (!junk) {
        mine = other;
        theirs = hand;
        junk = junk_of(race, *mine, *theirs);
        if (!junk)
            return;
    }
    uint64_t laid = moved(race, *mine, *theirs, junk);
    if (!laid || laid == junk)
        return;
    uint64_t changed = (*mine & ~junk) | laid;
    if (junk_of(race, changed, *theirs) != laid)
        return;
    *mine = changed;
}

/* _Shedding.unled: the cards of ``hand`` in ``suit`` (13 bits) no play the
 * race tries from ``hand`` starts from: in each block of touching cards, those
 * above its lowest, where the rules shift and key by relative ranks, ``other``
 * does not hold the card just below the block and ``crossed`` holds no card of
 * another suit of the block's group with a rank within it (for a lead both are
 * the other seat's hand; for a beat, the leader's and the lead, and the lead;
 * the play from the bottom is as good, see _Shedding.unled). */
static uint32_t
unled(const Race *race, uint64_t hand, uint64_t other, uint64_t crossed, int suit)
{
    if (!race->shifting || !race->relative)
        return 0;
    /* the cards ``crossed`` of the other suits of its group, by rank */
    uint64_t crossing_cards = crossed & race->crossing_suits[suit];
    uint32_t crossing =
        (uint32_t)(crossing_cards | crossing_cards >> 13 | crossing_cards >> 26 | crossing_cards >> 39) & 0x1FFF;
    uint32_t near = (uint32_t)(other >> (13 * suit)) & 0x1FFF;
    uint32_t pattern = (uint32_t)(hand >> (13 * suit)) & 0x1FFF;
    uint32_t lowest = pattern & ~(pattern << 1); /* each block's lowest card */
    /* the blocks with ``other``'s card just below them or a card ``crossed``
     * within them, grown card by card from those cards, keep every play */
    uint32_t kept = (lowest & near << 1) | (pattern & crossing);
    while (kept) {
        uint32_t grown = kept | ((kept << 1 | kept >> 1) & pattern);
        if (grown == kept)
            break;
        kept = grown;
    }
    return pattern & ~lowest & ~kept;
}

static int leads(Race *race, uint64_t hand, uint64_t other);

static int keyed(Race *race, uint64_t hand, uint64_t other, uint64_t key_hand, uint64_t key_other);

static int answering(Race *race, uint64_t rest, uint64_t other, uint64_t lead, uint32_t *order);

/* _Race._answered; -1 when stopped. */
static int
answered(Race *race, uint64_t rest, uint64_t other, uint64_t lead)
{
    uint32_t *order = enter(race);
    if (order == NULL)
        return -1;
    return leave(race, answering(race, rest, other, lead, order));
}

static int
answering(Race *race, uint64_t rest, uint64_t other, uint64_t lead, uint32_t *order)
{
    int top = top_bit(lead);
    /* where each card of the answering seat beats the lead, picking it up is no
     * better than a beat (see canonical): the beats alone answer it */
    int beaten_by_each = other && race->shifting && !(other & ~race->beaten_by[top]);
    /* else the pick-up's position (the leader holding the rest and leading
     * again), keyed once, for the look-up and the search below; its place in
     * the table is fetched while the beats are listed */
    uint64_t picked = rest, taker = other | lead, key_picked = 0, key_taker = 0;
    int picked_quick = 0;
    if (!beaten_by_each) {
        picked_quick = quick(race, picked, taker);
        if (!picked_quick) {
            canonical(race, &picked, &taker);
            key_picked = picked;
            key_taker = taker;
            if (relative_key(race, &key_picked, &key_taker) < 0)
                return -1;
            fetch(race, key_picked, key_taker);
        }
    }
    int count = 0;
    for (int f = 0; f < race->filter_count[top]; f++) {
        int shift = race->filter_shift[top][f];
        uint32_t pattern = (uint32_t)(other >> shift) & race->filter_pattern[top][f];
        if (!pattern)
            continue;
        const uint32_t *plays = plays_of(race, pattern);
        if (plays == NULL)
            return -1;
        uint32_t trumps = race->trumps >> shift & 1 ? TRUMPS_LAST : 0;
        uint32_t inside = unled(race, other, rest | lead, lead, shift / 13);
        for (int i = 0; i < race->play_count[pattern]; i++) {
            if ((uint64_t)(plays[i] & 0x1FFF) << shift == other)
                return 0; /* it beats with its last cards: out */
            if (plays[i] & (~plays[i] + 1) & inside)
                continue; /* a beat from inside a block: the one from its bottom is as good */
            order[count++] = plays[i] << 2 | (uint32_t)(shift / 13) | trumps;
        }
    }
    if (!count) /* picked up: the leader leads again (it has no card, or one beats the lead) */
        return picked_quick ? 1 : keyed(race, picked, taker, key_picked, key_taker);
    if (counted(race) < 0)
        return -1;
    sort_plays(order, count);
    /* the pick-up first where the table already holds that the leader, leading
     * again, loses (see _Race._answered) */
    if (!beaten_by_each && !picked_quick && known(race, key_picked, key_taker) == 0)
        return 0;
    for (int i = 0; i < count; i++) {
        uint64_t beat = (uint64_t)(order[i] >> 2 & 0x1FFF) << (13 * (order[i] & 3));
        int escapes = leads(race, other ^ beat, rest); /* the killer leads next */
        if (escapes < 0)
            return -1;
        if (escapes)
            return 0;
    }
    if (beaten_by_each)
        return 1; /* each of its cards beats the lead: picking it up is no better than a beat */
    if (picked_quick)
        return 1; /* picked up, the leader goes out by its quick line */
    return keyed(race, picked, taker, key_picked, key_taker); /* picked up: the leader leads again */
}

static int leading(Race *race, uint64_t hand, uint64_t other, uint64_t key_hand, uint64_t key_other,
                   uint32_t *order);

/* search._junk_shape: the cards of the block of ``junk`` that ``lead`` comes
 * from, those of the block below the lead, and the lead's, as
 * ``block << 8 | below << 4 | led``. */
static int
junk_shape(uint64_t junk, uint64_t lead)
{
    uint64_t low = lead & (~lead + 1);
    int suit = top_bit(low) / 13;
    uint32_t pattern = (uint32_t)(junk >> (13 * suit)) & 0x1FFF;
    uint32_t bottom = (uint32_t)(low >> (13 * suit)), top = bottom;
    while (bottom > 1 && (pattern & bottom >> 1))
        bottom >>= 1;
    while (pattern & top << 1)
        top <<= 1;
    uint32_t block = (top << 1) - bottom;
    uint32_t below = block & ((uint32_t)(low >> (13 * suit)) - 1);
    return pattern_count(block) << 8 | pattern_count(below) << 4 | card_count(lead);
}

/* _Race._finishers: the plays of ``other`` after which it goes out by its
 * quick line whatever the leader of ``hand`` keeps of it (written to ``ends``,
 * MOST_FINISHERS at most), where ``other`` holds FINISHERS_MOST cards at most;
 * their number, or -1 with a Python error set. */
static int
finishers(Race *race, uint64_t hand, uint64_t other, uint64_t *ends)
{
    int count = 0;
    if (card_count(other) > FINISHERS_MOST)
        return 0;
    /* where it holds a top card: also the plays after which its top cards put
     * it out (see _Race._finishers) */
    int topped = race->one_way && tops_of(race, other, hand) != 0;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t pattern = (uint32_t)(other >> (13 * suit)) & 0x1FFF;
        if (!pattern)
            continue;
        const uint32_t *plays = plays_of(race, pattern);
        if (plays == NULL)
            return -1;
        for (int i = 0; i < race->play_count[pattern]; i++) {
            uint64_t play = (uint64_t)(plays[i] & 0x1FFF) << (13 * suit);
            if (play == other || quick(race, other ^ play, hand) || (topped && tops_win(race, other ^ play, hand, 1)))
                ends[count++] = play;
        }
    }
    return count;
}

/* Whether one of the ``count`` finishers ``ends`` beats ``lead``. */
static int
finished(const Race *race, uint64_t lead, const uint64_t *ends, int count)
{
    uint64_t beaters = race->beaten_by[top_bit(lead)];
    for (int i = 0; i < count; i++)
        if (!(ends[i] & ~beaters))
            return 1;
    return 0;
}

/* Whether ``lead`` (a single card touching no card in play) is as strong as
 * one of ``lone`` and answers every other card in play alike. */
static int
stronger_twin(const Race *race, uint64_t lone, uint64_t lead, uint64_t live)
{
    int card = top_bit(lead);
    while (lone) {
        uint64_t tried = lone & (~lone + 1);
        lone ^= tried;
        int weaker = top_bit(tried);
        uint64_t rest = live & ~(tried | lead);
        if (!((race->beaten_by[weaker] ^ race->beaten_by[card]) & rest) && !((race->beats[weaker] ^ race->beats[card]) & rest) &&
            !(race->beaten_by[card] & tried))
            return 1;
    }
    return 0;
}

/* _Race._leads; -1 when stopped. */
static int
leads(Race *race, uint64_t hand, uint64_t other)
{
    if (quick(race, hand, other))
        return 1; /* cheaper to see again than to keep */
    canonical(race, &hand, &other); /* the junk laid out alike: one game */
    uint64_t key_hand = hand, key_other = other;
    if (relative_key(race, &key_hand, &key_other) < 0)
        return -1;
    return keyed(race, hand, other, key_hand, key_other);
}

/* leads() of a position with no quick line, its junk laid out and keyed. */
static int
keyed(Race *race, uint64_t hand, uint64_t other, uint64_t key_hand, uint64_t key_other)
{
    int answer = known(race, key_hand, key_other);
    if (answer >= 0)
        return answer;
    answer = settled(race, hand, other); /* the top cards decide it */
    if (answer >= 0)
        return keep(race, key_hand, key_other, answer) < 0 ? -1 : answer;
    if (counted(race) < 0)
        return -1;
    uint32_t *order = enter(race);
    if (order == NULL)
        return -1;
    return leave(race, leading(race, hand, other, key_hand, key_other, order));
}

static int
leading(Race *race, uint64_t hand, uint64_t other, uint64_t key_hand, uint64_t key_other, uint32_t *order)
{
    int count = 0;
    uint64_t live = hand | other;
    for (int suit = 0; suit < 4; suit++) {
        uint32_t pattern = (uint32_t)(hand >> (13 * suit)) & 0x1FFF;
        if (!pattern)
            continue;
        const uint32_t *plays = plays_of(race, pattern);
        if (plays == NULL)
            return -1;
        uint32_t trumps = race->trumps >> (13 * suit) & 1 ? TRUMPS_LAST : 0;
        uint32_t inside = unled(race, hand, other, other, suit);
        for (int i = 0; i < race->play_count[pattern]; i++) {
            uint32_t low = plays[i] & (~plays[i] + 1);
            if (low & inside)
                continue; /* a lead from inside a block: the one from its bottom is as good */
            uint32_t unbeaten = other & race->beaten_by[13 * suit + (int)(plays[i] >> 13 & 15)] ? 0 : UNBEATEN_LAST;
            /* the weaker first: the more cards in play beat its lowest card */
            int beaters = card_count(live & race->beaten_by[13 * suit + top_bit(low)]);
            order[count++] = plays[i] << 2 | (uint32_t)suit | trumps | unbeaten | (uint32_t)(WEAKER_FIRST - beaters) << 23;
        }
    }
    /* those the other can beat first, then those it cannot, then trumps; within
     * each the weaker first, then more cards, then the lower top card */
    sort_plays(order, count);
    uint64_t *ends = (uint64_t *)(order + MOST_PLAYS); /* MOST_PLAYS is even: aligned */
    int ending = finishers(race, hand, other, ends);
    if (ending < 0)
        return -1;
    /* the shapes of the junk leads tried, one a play at most (in the frame,
     * after the finishers) */
    int shapes = 0, *shaped = (int *)(ends + MOST_FINISHERS);
    uint64_t junk = race->shifting ? junk_of(race, hand, other) : 0;
    uint64_t lone = 0;
    int answer = 0;
    for (int i = 0; i < count; i++) {
        uint64_t lead = (uint64_t)(order[i] >> 2 & 0x1FFF) << (13 * (order[i] & 3));
        if (lead == hand) { /* it leads its last cards and is out */
            answer = 1;
            break;
        }
        int single = !(lead & (lead - 1)) && !(beside(lead) & live);
        if (single && lone && stronger_twin(race, lone, lead, live))
            continue;
        if (single)
            lone |= lead;
        if (finished(race, lead, ends, ending))
            continue; /* the other beats it and goes out: it loses */
        if (lead & junk) {
            /* a lead like one tried from another junk block as long: swapping
             * the two blocks is one game (see canonical), so it answers alike */
            int shape = junk_shape(junk, lead), again = 0;
            for (int s = 0; s < shapes && !again; s++)
                again = shaped[s] == shape;
            if (again)
                continue;
            shaped[shapes++] = shape;
        }
        int escapes = answered(race, hand ^ lead, other, lead);
        if (escapes < 0)
            return -1;
        if (escapes) {
            answer = 1;
            break;
        }
    }
    return keep(race, key_hand, key_other, answer) < 0 ? -1 : answer;
}

static int
mask_argument(PyObject *value, uint64_t *mask, const char *what)
{
    unsigned long long number = PyLong_AsUnsignedLongLong(value);
    if (number == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    if (number >> 52) {
        PyErr_Format(PyExc_ValueError, "%s holds a card past the 52 of one pack", what);
        return -1;
    }
    *mask = number;
    return 0;
}

static PyObject *
begin(Race *race, PyObject *budget, PyObject *deadline)
{
    race->max_nodes = PyLong_AsLongLong(budget);
    if (race->max_nodes == -1 && PyErr_Occurred())
        return NULL;
    race->deadline = PyFloat_AsDouble(deadline);
    if (race->deadline == -1.0 && PyErr_Occurred())
        return NULL;
    race->nodes = 0;
    race->stop = 0;
    race->depth = 0;
    return Py_None;
}

static PyObject *
finish(Race *race, int answer)
{
    if (answer < 0 && race->stop == 2)
        return NULL;
    return PyLong_FromLong(answer);
}

static PyObject *
Race_leads(Race *race, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t hand, other;
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "leads takes hand, other, max_nodes and deadline");
        return NULL;
    }
    if (mask_argument(args[0], &hand, "the hand") < 0 || mask_argument(args[1], &other, "the other hand") < 0)
        return NULL;
    if (begin(race, args[2], args[3]) == NULL)
        return NULL;
    return finish(race, leads(race, hand, other));
}

static PyObject *
Race_answered(Race *race, PyObject *const *args, Py_ssize_t nargs)
{
    uint64_t rest, other, lead;
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "answered takes rest, other, lead, max_nodes and deadline");
        return NULL;
    }
    if (mask_argument(args[0], &rest, "the rest") < 0 || mask_argument(args[1], &other, "the other hand") < 0 ||
        mask_argument(args[2], &lead, "the lead") < 0)
        return NULL;
    if (lead == 0) {
        PyErr_SetString(PyExc_ValueError, "the lead holds no card");
        return NULL;
    }
    if (begin(race, args[3], args[4]) == NULL)
        return NULL;
    return finish(race, answered(race, rest, other, lead));
}

/* ---- The proof search on masks: search._Positions and search._Proof._prove ----
 *
 * race.prove(table, seat, escape, hands, plays, turn, size, active, quiet,
 * goat, depth, max_nodes, deadline) is _Proof._prove from the position
 * (hands, plays, turn, size, active, quiet, goat), a search._Position: the
 * moves the forcing side needs to force its goal within ``depth`` moves, or
 * ``-low``. ``table`` is the caller's dict of bounds, keyed as search._key
 * keys positions: it reads and writes the same entries, in the same order, as
 * the search in Python does, and counts the same positions (race.nodes), so
 * that the solver's answers and figures do not depend on the build. It
 * answers None once it has counted more than ``max_nodes`` positions or
 * time.monotonic() has passed ``deadline``; what it proved stays in the
 * table. The rules are the race's, with the pick-up, quiet limit and layout
 * given when the race was made. */

#define SEATS 8
/* The most words a key takes: 64 bits of counts, and 52 a hand and a play. */
#define KEY_WORDS ((64 + 52 * (2 * SEATS - 1) + 63) / 64)
#define NEVER 0xFFFF
#define STOPPED (-(1 << 20))
enum { PICK_TOP, PICK_TOP_JOINED, PICK_BOTTOM, PICK_BOTTOM_JOINED };

/* A search._Position. */
typedef struct {
    uint64_t hands[SEATS];
    uint64_t table[SEATS];
    int seats, plays, turn, size, active, quiet, goat;
} Spot;

/* One level of the line: the moves of its position, and the key of the
 * position after each. */
struct Level {
    uint64_t moves[MOST_PLAYS + 1];
    PyObject *keys[MOST_PLAYS + 1];
    uint64_t words[MOST_PLAYS + 1][KEY_WORDS];
};

/* The proof search's table of bounds in the compiled build: Bounds(players)
 * holds, for each position of a game of ``players`` seats keyed as
 * search._key keys it, the bounds search._Proof keeps (``low << 16 | high``).
 * The keys lie in the table itself, a few words each, where a dict keeps a
 * Python int each and a Python int for most bounds: the proof search spends
 * most of its time looking bounds up. Python sees it as a mapping of ints to
 * ints: bounds.get(key, default), bounds[key] = value, len(bounds) and
 * bounds.items(). */
struct Bounds {
    PyObject_HEAD
    int players, width; /* the seats, and the words a key takes */
    uint64_t *keys;     /* ``width`` words a slot */
    int64_t *values;    /* -1 where the slot is empty */
    size_t capacity, used;
};

static PyTypeObject *BoundsType;

static size_t
bounds_slot(const struct Bounds *bounds, const uint64_t *key)
{
    uint64_t mixed = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < bounds->width; i++) {
        mixed = (mixed ^ key[i]) * 0xC2B2AE3D27D4EB4Full;
        mixed ^= mixed >> 29;
    }
    return (size_t)mixed & (bounds->capacity - 1);
}

/* The bounds kept for ``key``, or -1. */
static int64_t
bounds_find(const struct Bounds *bounds, const uint64_t *key)
{
    size_t slot = bounds_slot(bounds, key);
    size_t width = (size_t)bounds->width;
    while (bounds->values[slot] >= 0) {
        if (!memcmp(bounds->keys + slot * width, key, sizeof(uint64_t) * width))
            return bounds->values[slot];
        slot = (slot + 1) & (bounds->capacity - 1);
    }
    return -1;
}

static int
bounds_grow(struct Bounds *bounds)
{
    size_t capacity = bounds->capacity ? bounds->capacity * 2 : (size_t)1 << 8;
    size_t width = (size_t)bounds->width;
    uint64_t *keys = PyMem_Malloc(capacity * width * sizeof(uint64_t));
    int64_t *values = PyMem_Malloc(capacity * sizeof(int64_t));
    if (keys == NULL || values == NULL) {
        PyMem_Free(keys);
        PyMem_Free(values);
        PyErr_NoMemory();
        return -1;
    }
    memset(values, 0xFF, capacity * sizeof(int64_t)); /* every slot -1: empty */
    uint64_t *old_keys = bounds->keys;
    int64_t *old_values = bounds->values;
    size_t old_capacity = bounds->capacity;
    bounds->keys = keys;
    bounds->values = values;
    bounds->capacity = capacity;
    for (size_t i = 0; i < old_capacity; i++) {
        if (old_values[i] < 0)
            continue;
        size_t slot = bounds_slot(bounds, old_keys + i * width);
        while (values[slot] >= 0)
            slot = (slot + 1) & (capacity - 1);
        memcpy(keys + slot * width, old_keys + i * width, sizeof(uint64_t) * width);
        values[slot] = old_values[i];
    }
    PyMem_Free(old_keys);
    PyMem_Free(old_values);
    return 0;
}

/* Keep ``value`` (not negative) for ``key``: 0, or -1 with an error set. */
static int
bounds_put(struct Bounds *bounds, const uint64_t *key, int64_t value)
{
    size_t width = (size_t)bounds->width;
    size_t slot = bounds_slot(bounds, key);
    while (bounds->values[slot] >= 0) {
        if (!memcmp(bounds->keys + slot * width, key, sizeof(uint64_t) * width)) {
            bounds->values[slot] = value;
            return 0;
        }
        slot = (slot + 1) & (bounds->capacity - 1);
    }
    if ((bounds->used + 1) * 4 > bounds->capacity * 3) {
        if (bounds_grow(bounds) < 0)
            return -1;
        slot = bounds_slot(bounds, key);
        while (bounds->values[slot] >= 0)
            slot = (slot + 1) & (bounds->capacity - 1);
    }
    memcpy(bounds->keys + slot * width, key, sizeof(uint64_t) * width);
    bounds->values[slot] = value;
    bounds->used++;
    return 0;
}

/* A Python int's key words: 1, 0 where it is negative or longer than a key
 * (no position has it), -1 with an error set. */
static int
key_of_int(const struct Bounds *bounds, PyObject *number, uint64_t *key)
{
    if (!PyLong_Check(number)) {
        PyErr_Format(PyExc_TypeError, "a key must be an int, not %s", Py_TYPE(number)->tp_name);
        return -1;
    }
    unsigned char bytes[8 * KEY_WORDS];
    size_t size = 8 * (size_t)bounds->width;
    PyObject *zero = PyLong_FromLong(0);
    int sign = zero == NULL ? -1 : PyObject_RichCompareBool(number, zero, Py_LT);
    Py_XDECREF(zero);
    if (sign < 0)
        return -1;
    if (sign)
        return 0;
#if PY_VERSION_HEX >= 0x030D0000
    Py_ssize_t needed = PyLong_AsNativeBytes(number, bytes, (Py_ssize_t)size,
                                             Py_ASNATIVEBYTES_LITTLE_ENDIAN | Py_ASNATIVEBYTES_UNSIGNED_BUFFER);
    if (needed < 0)
        return -1;
    if ((size_t)needed > size)
        return 0;
#else
    if (_PyLong_AsByteArray((PyLongObject *)number, bytes, size, 1, 0) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError))
            return -1;
        PyErr_Clear();
        return 0;
    }
#endif
    for (int i = 0; i < bounds->width; i++) {
        uint64_t word = 0;
        for (int b = 7; b >= 0; b--)
            word = word << 8 | bytes[8 * i + b];
        key[i] = word;
    }
    return 1;
}

static PyObject *
Bounds_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"players", NULL};
    int players;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "i", names, &players))
        return NULL;
    if (players < 2 || players > SEATS) {
        PyErr_Format(PyExc_ValueError, "a table of bounds is for 2 to %d seats, not %d", SEATS, players);
        return NULL;
    }
    struct Bounds *bounds = (struct Bounds *)type->tp_alloc(type, 0);
    if (bounds == NULL)
        return NULL;
    bounds->players = players;
    bounds->width = (64 + 52 * (2 * players - 1) + 63) / 64;
    if (bounds_grow(bounds) < 0) {
        Py_DECREF(bounds);
        return NULL;
    }
    return (PyObject *)bounds;
}

static void
Bounds_dealloc(struct Bounds *bounds)
{
    PyTypeObject *type = Py_TYPE(bounds);
    PyMem_Free(bounds->keys);
    PyMem_Free(bounds->values);
    type->tp_free((PyObject *)bounds);
    Py_DECREF(type);
}

static Py_ssize_t
Bounds_length(struct Bounds *bounds)
{
    return (Py_ssize_t)bounds->used;
}

static PyObject *
Bounds_get(struct Bounds *bounds, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "get takes a key and a default");
        return NULL;
    }
    uint64_t key[KEY_WORDS];
    int found = key_of_int(bounds, args[0], key);
    if (found < 0)
        return NULL;
    int64_t value = found ? bounds_find(bounds, key) : -1;
    if (value < 0)
        return Py_NewRef(args[1]);
    return PyLong_FromLongLong(value);
}

static int
Bounds_assign(struct Bounds *bounds, PyObject *number, PyObject *value)
{
    if (value == NULL) {
        PyErr_SetString(PyExc_TypeError, "bounds are kept, never deleted");
        return -1;
    }
    uint64_t key[KEY_WORDS];
    int found = key_of_int(bounds, number, key);
    if (found < 0)
        return -1;
    if (!found) {
        PyErr_Format(PyExc_ValueError, "the key is not one of a position of %d seats", bounds->players);
        return -1;
    }
    long long kept = PyLong_AsLongLong(value);
    if (kept == -1 && PyErr_Occurred())
        return -1;
    if (kept < 0 || kept > 0xFFFFFFFFll) {
        PyErr_Format(PyExc_ValueError, "bounds are two 16-bit numbers, not %lld", kept);
        return -1;
    }
    return bounds_put(bounds, key, kept);
}

static PyObject *
Bounds_items(struct Bounds *bounds, PyObject *unused)
{
    PyObject *items = PyList_New(0);
    if (items == NULL)
        return NULL;
    size_t width = (size_t)bounds->width;
    for (size_t i = 0; i < bounds->capacity; i++) {
        if (bounds->values[i] < 0)
            continue;
        unsigned char bytes[8 * KEY_WORDS];
        for (size_t b = 0; b < 8 * width; b++)
            bytes[b] = (unsigned char)(bounds->keys[i * width + b / 8] >> (8 * (b % 8)));
        PyObject *item = Py_BuildValue("(NL)", _PyLong_FromByteArray(bytes, 8 * width, 1, 0),
                                       (long long)bounds->values[i]);
        if (item == NULL || PyList_Append(items, item) < 0) {
            Py_XDECREF(item);
            Py_DECREF(items);
            return NULL;
        }
        Py_DECREF(item);
    }
    return items;
}

/* Pickled as a fresh table of as many seats, filled again item by item. */
static PyObject *
Bounds_reduce(struct Bounds *bounds, PyObject *Py_UNUSED(unused))
{
    PyObject *items = Bounds_items(bounds, NULL);
    if (items == NULL)
        return NULL;
    PyObject *each = PyObject_GetIter(items);
    Py_DECREF(items);
    if (each == NULL)
        return NULL;
    return Py_BuildValue("(O(i)OON)", (PyObject *)Py_TYPE(bounds), bounds->players, Py_None, Py_None, each);
}

static PyMethodDef Bounds_methods[] = {
    {"get", (PyCFunction)(void (*)(void))Bounds_get, METH_FASTCALL, "get(key, default): the bounds kept for key, or default"},
    {"items", (PyCFunction)Bounds_items, METH_NOARGS, "items(): a list of every (key, bounds) kept"},
    {"__reduce__", (PyCFunction)Bounds_reduce, METH_NOARGS, "pickled with every (key, bounds) kept"},
    {NULL, NULL, 0, NULL},
};

static PyType_Slot Bounds_slots[] = {
    {Py_tp_doc, "The proof search's table of bounds of one question (see the module)."},
    {Py_tp_new, Bounds_new},
    {Py_tp_dealloc, Bounds_dealloc},
    {Py_tp_methods, Bounds_methods},
    {Py_mp_length, Bounds_length},
    {Py_mp_ass_subscript, Bounds_assign},
    {0, NULL},
};

static PyType_Spec Bounds_spec = {
    "skitgubbe.solve._shedding.Bounds",
    sizeof(struct Bounds),
    0,
    Py_TPFLAGS_DEFAULT,
    Bounds_slots,
};

static int
low_bit(uint64_t word)
{
    return top_bit(word & (~word + 1));
}

/* phase_two._next_active */
static int
next_active(int active, int seat)
{
    int higher = active >> (seat + 1);
    if (higher)
        return seat + 1 + low_bit((uint64_t)higher);
    return low_bit((uint64_t)active);
}

/* _Positions.moves: each play's mask in _ordered's order (going out first,
 * then the weaker: the more cards in the hands beat its lowest card; then more
 * cards, then the lower top card, then the suits in the rules' plan order), and
 * 0 for the pick-up, last; the number of moves, or -1 with a Python error set. */
static int
spot_moves(Race *race, const Spot *spot, uint64_t *moves)
{
    uint64_t hand = spot->hands[spot->turn], live = 0;
    uint32_t order[MOST_PLAYS];
    int count = 0;
    for (int seat = 0; seat < spot->seats; seat++)
        live |= spot->hands[seat];
    int top = spot->plays ? top_bit(spot->table[spot->plays - 1]) : -1;
    int entries = top >= 0 ? race->filter_count[top] : 4;
    for (int f = 0; f < entries; f++) {
        int shift = top >= 0 ? race->filter_shift[top][f] : 13 * f;
        uint32_t pattern = (uint32_t)(hand >> shift) & (top >= 0 ? race->filter_pattern[top][f] : 0x1FFF);
        if (!pattern)
            continue;
        const uint32_t *plays = plays_of(race, pattern);
        if (plays == NULL)
            return -1;
        for (int i = 0; i < race->play_count[pattern]; i++) {
            uint32_t low = plays[i] & (~plays[i] + 1);
            int beaters = card_count(live & race->beaten_by[shift + top_bit(low)]);
            uint32_t out = (uint64_t)(plays[i] & 0x1FFF) << shift == hand ? 0 : UINT32_C(1) << 31;
            order[count++] = out | (uint32_t)(WEAKER_FIRST - beaters) << 25 | (plays[i] >> 13) << 17 |
                             (uint32_t)f << 15 | (uint32_t)(shift / 13) << 13 | (plays[i] & 0x1FFF);
        }
    }
    sort_plays(order, count);
    for (int i = 0; i < count; i++)
        moves[i] = (uint64_t)(order[i] & 0x1FFF) << (13 * (order[i] >> 13 & 3));
    if (spot->plays)
        moves[count++] = 0;
    return count;
}

/* _Positions._picked: the cards the seat to act picks up, the plays left
 * written back in ``spot``. */
static uint64_t
spot_picked(const Race *race, Spot *spot)
{
    int count = spot->plays;
    uint64_t *table = spot->table;
    if (race->pick == PICK_TOP_JOINED || race->pick == PICK_BOTTOM_JOINED) {
        uint64_t start = race->pick == PICK_TOP_JOINED ? table[count - 1] : table[0];
        if (count == 1) {
            spot->plays = 0;
            return start;
        }
        uint64_t present = 0;
        for (int i = 0; i < count; i++)
            present |= table[i];
        present &= UINT64_C(0x1FFF) << (13 * (top_bit(start) / 13)); /* phase_two._joined */
        uint64_t block = start;
        for (;;) {
            uint64_t grown = block | ((block << 1) & present) | ((block >> 1) & present);
            if (grown == block)
                break;
            block = grown;
        }
        int kept = 0;
        for (int i = 0; i < count; i++)
            if (!(table[i] & block))
                table[kept++] = table[i];
        spot->plays = kept;
        return block;
    }
    spot->plays = count - 1;
    if (race->pick == PICK_BOTTOM) {
        uint64_t picked = table[0];
        memmove(table, table + 1, sizeof(uint64_t) * (size_t)(count - 1));
        return picked;
    }
    return table[count - 1];
}

/* _Positions.after: the position after ``move`` (a play, or 0 to pick up). */
static void
spot_after(const Race *race, const Spot *spot, uint64_t move, Spot *next)
{
    int turn = spot->turn, lead = -1, killed = 0;
    *next = *spot;
    if (move) {
        uint64_t hand = spot->hands[turn] ^ move;
        next->hands[turn] = hand;
        if (spot->plays + 1 >= spot->size) { /* P2-KILL */
            next->plays = 0;
            killed = 1;
            lead = turn;
        }
        else
            next->table[next->plays++] = move;
        if (!hand) /* P2-OUT */
            next->active &= ~(1 << turn);
    }
    else {
        next->hands[turn] |= spot_picked(race, next);
        if (!next->plays) /* P2-EMPTIED */
            lead = next_active(next->active, turn);
    }
    int active = next->active;
    next->quiet = killed || active != spot->active ? 0 : spot->quiet + 1;
    if (!(active & (active - 1))) {
        next->turn = -1;
        next->goat = active ? top_bit((uint64_t)active) : -1;
    }
    else if (next->quiet >= race->quiet_limit) { /* P2-QUIET: stalled */
        next->turn = -1;
        next->goat = -2;
    }
    else if (lead >= 0) {
        if (!(active >> lead & 1))
            lead = next_active(active, lead);
        next->turn = lead;
        next->size = card_count((uint64_t)active);
    }
    else
        next->turn = next_active(active, turn);
}

/* _Positions.needed */
static int
spot_needed(const Spot *spot, int seat, int escape)
{
    if (escape) {
        int plays = plays_needed(spot->hands[seat]);
        if (plays)
            plays += (plays - 1) / 2 + (spot->turn != seat);
        return plays;
    }
    int needed = 0, others = 0;
    for (int other = 0; other < spot->seats; other++)
        if (other != seat && spot->active >> other & 1) {
            needed += plays_needed(spot->hands[other]);
            others++;
        }
    if (needed)
        needed += (needed - 1) / (others + 1) + (spot->turn == seat);
    return needed;
}

/* _Positions.quick, of two seats with the table empty */
static int
spot_quick(Race *race, const Spot *spot)
{
    uint64_t hand = spot->hands[spot->turn];
    uint64_t other = spot->hands[top_bit((uint64_t)(spot->active & ~(1 << spot->turn)))];
    if (spot->quiet + 2 * card_count(hand | other) + 4 >= race->quiet_limit)
        return 0;
    int leads = quick(race, hand, other);
    return leads ? 2 * leads - 1 : 0;
}

/* Write the 52 bits of ``value`` into ``words`` from bit ``at``. */
static void
put_bits(uint64_t *words, int at, uint64_t value)
{
    words[at / 64] |= value << (at % 64);
    if (at % 64 + 52 > 64)
        words[at / 64 + 1] |= value >> (64 - at % 64);
}

/* search._squeezed_mask, by each rank's place (search._squeeze) */
static uint64_t
squeezed(uint64_t mask, const int *place)
{
    uint64_t out = 0;
    while (mask) {
        int card = low_bit(mask);
        mask &= mask - 1;
        out |= UINT64_C(1) << (13 * (card / 13) + place[card % 13]);
    }
    return out;
}

/* search._key_of of ``spot``, written into ``words`` (KEY_WORDS of them, the
 * lowest bits first): the number of bits it takes. */
static int
spot_words(const Race *race, const Spot *spot, uint64_t *words)
{
    memset(words, 0, sizeof(uint64_t) * KEY_WORDS);
    uint64_t flags = (uint64_t)(spot->turn + 1) | (uint64_t)spot->size << 5 | (uint64_t)spot->active << 24;
    words[0] = flags << 8 | (uint64_t)spot->seats << 4 | (uint64_t)spot->plays;
    int place[13], squeeze = 0;
    if (race->squeezable) {
        uint64_t live = 0;
        for (int seat = 0; seat < spot->seats; seat++)
            live |= spot->hands[seat];
        for (int i = 0; i < spot->plays; i++)
            live |= spot->table[i];
        uint32_t levels = (uint32_t)(live | live >> 13 | live >> 26 | live >> 39) & 0x1FFF;
        if (levels & (levels + 1)) { /* not every rank from the 2 up: squeeze the gaps */
            squeeze = 1;
            int at = -1, last = -2;
            for (int rank = 0; rank < 13; rank++)
                if (levels >> rank & 1) {
                    at = at < 0 ? 0 : at + (rank == last + 1 ? 1 : 2);
                    place[rank] = at;
                    last = rank;
                }
        }
    }
    int at = 64;
    for (int i = spot->plays - 1; i >= 0; i--, at += 52)
        put_bits(words, at, squeeze ? squeezed(spot->table[i], place) : spot->table[i]);
    for (int seat = spot->seats - 1; seat >= 0; seat--)
        if (spot->active >> seat & 1) {
            put_bits(words, at, squeeze ? squeezed(spot->hands[seat], place) : spot->hands[seat]);
            at += 52;
        }
    return at;
}

/* _Positions.key: search._key_of as a Python int, or NULL with an error set. */
static PyObject *
spot_key(const Race *race, const Spot *spot)
{
    uint64_t words[KEY_WORDS + 1];
    int at = spot_words(race, spot, words);
    unsigned char bytes[8 * KEY_WORDS];
    size_t size = (size_t)(at + 7) / 8;
    for (size_t b = 0; b < size; b++)
        bytes[b] = (unsigned char)(words[b / 8] >> (8 * (b % 8)));
    return _PyLong_FromByteArray(bytes, size, 1, 0);
}

/* The table's entry for ``key``, or ``missing``. */
static long
bounds_of(Race *race, const uint64_t *key, long missing)
{
    int64_t bounds = bounds_find(race->proof_table, key);
    return bounds < 0 ? missing : (long)bounds;
}

/* Keep ``bounds`` for ``key`` and answer ``answer``, or STOPPED with an error set. */
static int
kept(Race *race, const uint64_t *key, long bounds, int answer)
{
    if (bounds_put(race->proof_table, key, bounds) < 0) {
        race->stop = 2;
        return STOPPED;
    }
    return answer;
}

static int
stopped(Race *race)
{
    race->stop = 2;
    return STOPPED;
}

/* The next level of the line, or NULL with an error set. */
static struct Level *
enter_level(Race *race)
{
    if (race->proof_depth >= DEEPEST_LINE) {
        PyErr_Format(PyExc_RecursionError, "the proof's line grew past %d positions", DEEPEST_LINE);
        return NULL;
    }
    if (race->proof_depth == race->level_count) {
        int count = race->level_count ? race->level_count * 2 : 32;
        struct Level **levels = PyMem_Realloc(race->levels, sizeof(struct Level *) * (size_t)count);
        if (levels == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
        for (int i = race->level_count; i < count; i++)
            levels[i] = NULL;
        race->levels = levels;
        race->level_count = count;
    }
    struct Level *level = race->levels[race->proof_depth];
    if (level == NULL) {
        level = race->levels[race->proof_depth] = PyMem_Malloc(sizeof(struct Level));
        if (level == NULL) {
            PyErr_NoMemory();
            return NULL;
        }
    }
    race->proof_depth++;
    return level;
}

static int proving(Race *race, const Spot *spot, const uint64_t *key, int depth, long low, long high,
                   struct Level *level);

/* _Proof._prove: the moves needed within ``depth``, ``-low``, or STOPPED. */
static int
prove_at(Race *race, const Spot *spot, const uint64_t *key, int depth)
{
    long known = bounds_of(race, key, NEVER);
    long high = known & NEVER, low = known >> 16;
    if (high <= depth)
        return (int)high;
    if (low > depth)
        return (int)-low;
    int seat = race->proof_seat, escape = race->proof_escape;
    if (!(spot->active >> seat & 1)) /* out of play: it has escaped */
        return escape ? kept(race, key, 0, 0) : kept(race, key, (long)NEVER << 16 | NEVER, -NEVER);
    if (spot->turn < 0) {
        if (spot->goat >= 0 && (spot->goat != seat) == escape) /* not stalled (-2) */
            return kept(race, key, 0, 0);
        return kept(race, key, (long)NEVER << 16 | NEVER, -NEVER);
    }
    if (!spot->plays && card_count((uint64_t)spot->active) == 2) {
        int line = spot_quick(race, spot);
        if (line) {
            if ((spot->turn == seat) != escape) /* the other side wins by force */
                return kept(race, key, (long)NEVER << 16 | NEVER, -NEVER);
            if (line < high)
                high = line;
            if (line <= depth)
                return kept(race, key, low << 16 | line, line);
        }
    }
    int needed = spot_needed(spot, seat, escape);
    if (needed < 1)
        needed = 1; /* it is not over */
    if (needed > depth)
        return kept(race, key, (long)needed << 16 | high, -needed);
    if (counted(race) < 0)
        return STOPPED;
    struct Level *level = enter_level(race);
    if (level == NULL)
        return stopped(race);
    int answer = proving(race, spot, key, depth, low, high, level);
    race->proof_depth--;
    return answer;
}

static int
proving(Race *race, const Spot *spot, const uint64_t *key, int depth, long low, long high, struct Level *level)
{
    int count = spot_moves(race, spot, level->moves);
    if (count < 0)
        return stopped(race);
    Spot child;
    for (int i = 0; i < count; i++) {
        spot_after(race, spot, level->moves[i], &child);
        spot_words(race, &child, level->words[i]);
    }
    int answer = STOPPED;
    if ((spot->turn == race->proof_seat) == race->proof_escape) { /* forcing */
        /* a move already proved quick enough settles it at once */
        for (int i = 0; i < count; i++) {
            long bound = bounds_of(race, level->words[i], NEVER) & NEVER;
            if (bound < depth) {
                answer = kept(race, key, low << 16 | (bound + 1), (int)bound + 1);
                goto done;
            }
        }
        long least = NEVER;
        for (int i = 0; i < count; i++) {
            spot_after(race, spot, level->moves[i], &child);
            int found = prove_at(race, &child, level->words[i], depth - 1);
            if (found == STOPPED)
                goto done;
            if (found >= 0) {
                answer = kept(race, key, low << 16 | (found + 1), found + 1);
                goto done;
            }
            if (-found < least)
                least = -found;
        }
        least = least + 1 < NEVER ? least + 1 : NEVER;
        answer = kept(race, key, least << 16 | high, (int)-least);
        goto done;
    }
    /* a move already refuted settles it at once */
    for (int i = 0; i < count; i++) {
        long bound = bounds_of(race, level->words[i], NEVER) >> 16;
        if (bound >= depth) {
            long least = bound + 1 < NEVER ? bound + 1 : NEVER;
            answer = kept(race, key, least << 16 | high, (int)-least);
            goto done;
        }
    }
    int longest = 0;
    for (int i = 0; i < count; i++) {
        spot_after(race, spot, level->moves[i], &child);
        int found = prove_at(race, &child, level->words[i], depth - 1);
        if (found == STOPPED)
            goto done;
        if (found < 0) {
            long least = -found + 1 < NEVER ? -found + 1 : NEVER;
            answer = kept(race, key, least << 16 | high, (int)-least);
            goto done;
        }
        if (found > longest)
            longest = found;
    }
    answer = kept(race, key, low << 16 | (longest + 1), longest + 1);
done:
    return answer;
}

/* Read a tuple of at most SEATS masks into ``masks``: their number, or -1. */
static int
masks_argument(PyObject *value, uint64_t *masks, const char *what)
{
    if (!PyTuple_Check(value)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple of masks", what);
        return -1;
    }
    Py_ssize_t size = PyTuple_GET_SIZE(value);
    if (size > SEATS) {
        PyErr_Format(PyExc_ValueError, "%s holds %zd masks, more than %d", what, size, SEATS);
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++)
        if (mask_argument(PyTuple_GET_ITEM(value, i), &masks[i], what) < 0)
            return -1;
    return (int)size;
}

static int
int_argument(PyObject *value, int least, int most, int *number, const char *what)
{
    long read = PyLong_AsLong(value);
    if (read == -1 && PyErr_Occurred())
        return -1;
    if (read < least || read > most) {
        PyErr_Format(PyExc_ValueError, "%s is %ld, not %d to %d", what, read, least, most);
        return -1;
    }
    *number = (int)read;
    return 0;
}

/* Read a search._Position's hands, plays, turn, size and seats in play from
 * ``args`` into ``spot``: 0, or -1 with an error set. */
static int
spot_argument(PyObject *const *args, Spot *spot)
{
    memset(spot, 0, sizeof *spot);
    spot->seats = masks_argument(args[0], spot->hands, "the hands");
    if (spot->seats < 0)
        return -1;
    spot->plays = masks_argument(args[1], spot->table, "the plays");
    if (spot->plays < 0)
        return -1;
    if (int_argument(args[2], -1, spot->seats - 1, &spot->turn, "the turn") < 0 ||
        int_argument(args[3], 0, SEATS, &spot->size, "the trick's size") < 0 ||
        int_argument(args[4], 0, (1 << spot->seats) - 1, &spot->active, "the seats in play") < 0)
        return -1;
    return 0;
}

/* Whether a search on masks may be asked of ``race`` with ``nargs`` arguments
 * (``wanted``, named in ``usage``): 0, or -1 with an error set. */
static int
masks_asked(const Race *race, Py_ssize_t nargs, Py_ssize_t wanted, const char *usage)
{
    if (nargs != wanted) {
        PyErr_Format(PyExc_TypeError, "%s", usage);
        return -1;
    }
    if (race->pick < 0) {
        PyErr_SetString(PyExc_ValueError, "this race was made without the rules of the proof search on masks");
        return -1;
    }
    return 0;
}

static PyObject *
Race_key(Race *race, PyObject *const *args, Py_ssize_t nargs)
{
    if (masks_asked(race, nargs, 5, "key takes hands, plays, turn, size and active") < 0)
        return NULL;
    Spot spot;
    if (spot_argument(args, &spot) < 0)
        return NULL;
    return spot_key(race, &spot);
}

static PyObject *
Race_prove(Race *race, PyObject *const *args, Py_ssize_t nargs)
{
    if (masks_asked(race, nargs, 13,
                    "prove takes table, seat, escape, hands, plays, turn, size, active, quiet, goat, depth, "
                    "max_nodes and deadline") < 0)
        return NULL;
    if (!PyObject_TypeCheck(args[0], BoundsType)) {
        PyErr_SetString(PyExc_TypeError, "the table must be a Bounds");
        return NULL;
    }
    Spot spot;
    int seat, escape, depth;
    if (spot_argument(args + 3, &spot) < 0)
        return NULL;
    if (int_argument(args[1], 0, spot.seats - 1, &seat, "the seat") < 0 ||
        int_argument(args[2], 0, 1, &escape, "escape") < 0 ||
        int_argument(args[8], 0, INT32_MAX, &spot.quiet, "the quiet count") < 0 ||
        int_argument(args[9], -2, spot.seats - 1, &spot.goat, "the goat") < 0 ||
        int_argument(args[10], 0, NEVER - 1, &depth, "the depth") < 0)
        return NULL;
    if (begin(race, args[11], args[12]) == NULL)
        return NULL;
    if (race->proof_depth) {
        PyErr_SetString(PyExc_RuntimeError, "a search on masks is already under way on this race");
        return NULL;
    }
    race->proof_table = (struct Bounds *)args[0];
    if (race->proof_table->players != spot.seats) {
        PyErr_Format(PyExc_ValueError, "the table is for %d seats, the position has %d",
                     race->proof_table->players, spot.seats);
        return NULL;
    }
    race->proof_seat = seat;
    race->proof_escape = escape;
    uint64_t key[KEY_WORDS];
    spot_words(race, &spot, key);
    int answer = prove_at(race, &spot, key, depth);
    race->proof_table = NULL;
    if (answer == STOPPED) {
        if (race->stop == 2)
            return NULL;
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(answer);
}

/* ---- The search that counts no moves on masks: search._Force._force ----
 *
 * race.force(table, line, seat, escape, race, budget, longest, hands, plays,
 * turn, size, active, quiet, goat) is _Force._force from that position, with
 * the caller's table of answers and line (dicts keyed as search._key keys
 * positions), its budget (a search._Budget: ``used`` counted on as the search
 * in Python counts it, ``nodes`` and ``deadline``), the most positions a line
 * holds, and ``race``: what answers a position of two seats that the race on
 * masks takes (1 where the seat escapes, else 0), called with the position as
 * a search._Position, or None where such positions are searched on. It reads
 * and writes the same entries as the search in Python, in the same order, and
 * answers None past the budget (what it found stays in the table). */

#define FAIL (-(1 << 30))
#define CUT (-1)
#define NO_PLACE (-2 - FAIL)

typedef struct {
    PyObject *table, *line, *race, *budget;
    int seat, escape;
    long long used, max_nodes;
    double deadline;
    Py_ssize_t longest;
} Forcing;

/* budget.used = ``used``: 0, or -1 with an error set */
static int
spend(Forcing *forcing)
{
    PyObject *used = PyLong_FromLongLong(forcing->used);
    if (used == NULL)
        return -1;
    int failed = PyObject_SetAttrString(forcing->budget, "used", used);
    Py_DECREF(used);
    return failed;
}

static int
read_number(PyObject *owner, const char *name, long long *number)
{
    PyObject *value = PyObject_GetAttrString(owner, name);
    if (value == NULL)
        return -1;
    *number = PyLong_AsLongLong(value);
    Py_DECREF(value);
    return *number == -1 && PyErr_Occurred() ? -1 : 0;
}

/* Read ``budget`` (a search._Budget) into ``forcing``: 0, or -1 with an error set. */
static int
read_budget(Forcing *forcing, PyObject *budget)
{
    forcing->budget = budget;
    if (read_number(budget, "used", &forcing->used) < 0 || read_number(budget, "nodes", &forcing->max_nodes) < 0)
        return -1;
    PyObject *deadline = PyObject_GetAttrString(budget, "deadline");
    if (deadline == NULL)
        return -1;
    forcing->deadline = PyFloat_AsDouble(deadline);
    Py_DECREF(deadline);
    return forcing->deadline == -1.0 && PyErr_Occurred() ? -1 : 0;
}

/* The position as a search._Position tuple, or NULL with an error set. */
static PyObject *
spot_tuple(const Spot *spot)
{
    PyObject *hands = PyTuple_New(spot->seats), *plays = PyTuple_New(spot->plays);
    if (hands == NULL || plays == NULL)
        goto failed;
    for (int i = 0; i < spot->seats; i++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(spot->hands[i]);
        if (mask == NULL)
            goto failed;
        PyTuple_SET_ITEM(hands, i, mask);
    }
    for (int i = 0; i < spot->plays; i++) {
        PyObject *mask = PyLong_FromUnsignedLongLong(spot->table[i]);
        if (mask == NULL)
            goto failed;
        PyTuple_SET_ITEM(plays, i, mask);
    }
    return Py_BuildValue("(NNiiiii)", hands, plays, spot->turn, spot->size, spot->active, spot->quiet, spot->goat);
failed:
    Py_XDECREF(hands);
    Py_XDECREF(plays);
    return NULL;
}

/* _Shedding.takes_masks */
static int
races(const Race *race, const Spot *spot)
{
    if (spot->size != 2 || spot->plays > 1)
        return 0;
    int cards = 0;
    for (int i = 0; i < spot->seats; i++)
        cards += card_count(spot->hands[i]);
    for (int i = 0; i < spot->plays; i++)
        cards += card_count(spot->table[i]);
    return spot->quiet + 2 * cards + 4 < race->quiet_limit;
}

/* The table's answer for ``key`` (``*found`` 1), or none (``*found`` 0); -1
 * with an error set. */
static int
answer_of(PyObject *table, PyObject *key, int *found, long *answer)
{
    PyObject *value = PyDict_GetItemWithError(table, key);
    *found = value != NULL;
    if (value == NULL)
        return PyErr_Occurred() ? -1 : 0;
    *answer = PyLong_AsLong(value);
    return *answer == -1 && PyErr_Occurred() ? -1 : 0;
}

static int
keep_answer(PyObject *table, PyObject *key, long answer)
{
    PyObject *value = PyLong_FromLong(answer);
    if (value == NULL)
        return -1;
    int failed = PyDict_SetItem(table, key, value);
    Py_DECREF(value);
    return failed;
}

static int forcing_from(Race *race, Forcing *forcing, const Spot *spot, PyObject *key, struct Level *level,
                        long *value);

/* _Force._force: 0 with ``*value`` its answer, or -1 (race->stop: 1 past the
 * budget, 2 an error set). ``key`` may be NULL where the game is over. */
static int
force_at(Race *race, Forcing *forcing, const Spot *spot, PyObject *key, long *value)
{
    int seat = forcing->seat, escape = forcing->escape, found;
    if (!(spot->active >> seat & 1)) { /* out of play: it has escaped */
        *value = escape ? 0 : FAIL;
        return 0;
    }
    if (spot->turn < 0) {
        *value = spot->goat >= 0 && (spot->goat != seat) == escape ? 0 : FAIL;
        return 0;
    }
    if (answer_of(forcing->table, key, &found, value) < 0)
        goto error;
    if (found)
        return 0;
    if (answer_of(forcing->line, key, &found, value) < 0)
        goto error;
    if (found) {
        *value = -2 - *value;
        return 0;
    }
    if (PyDict_GET_SIZE(forcing->line) >= forcing->longest) {
        *value = CUT;
        return 0;
    }
    if (forcing->race != Py_None && card_count((uint64_t)spot->active) == 2 && races(race, spot)) {
        PyObject *position = spot_tuple(spot);
        if (position == NULL || spend(forcing) < 0) {
            Py_XDECREF(position);
            goto error;
        }
        PyObject *escapes = PyObject_CallOneArg(forcing->race, position);
        Py_DECREF(position);
        if (escapes == NULL) { /* the race counted what it spent before it stopped */
            PyObject *type, *error_value, *traceback;
            PyErr_Fetch(&type, &error_value, &traceback);
            if (read_number(forcing->budget, "used", &forcing->used) < 0)
                PyErr_Clear();
            PyErr_Restore(type, error_value, traceback);
            goto error;
        }
        int truth = PyObject_IsTrue(escapes);
        Py_DECREF(escapes);
        if (truth < 0 || read_number(forcing->budget, "used", &forcing->used) < 0)
            goto error;
        *value = truth == escape ? 1 : FAIL;
        if (keep_answer(forcing->table, key, *value) < 0)
            goto error;
        return 0;
    }
    forcing->used++;
    if (forcing->used > forcing->max_nodes) {
        race->stop = 1;
        return -1;
    }
    if (forcing->used % CLOCK_EVERY == 0) {
        if (PyErr_CheckSignals() < 0)
            goto error;
        if (forcing->deadline < Py_HUGE_VAL) {
            PyObject *now = PyObject_CallNoArgs(race->clock);
            double seconds = now == NULL ? -1.0 : PyFloat_AsDouble(now);
            Py_XDECREF(now);
            if (seconds == -1.0 && PyErr_Occurred())
                goto error;
            if (seconds > forcing->deadline) {
                race->stop = 1;
                return -1;
            }
        }
    }
    struct Level *level = enter_level(race);
    if (level == NULL)
        goto error;
    int failed = forcing_from(race, forcing, spot, key, level, value);
    race->proof_depth--;
    return failed;
error:
    race->stop = 2;
    return -1;
}

static int
forcing_from(Race *race, Forcing *forcing, const Spot *spot, PyObject *key, struct Level *level, long *value)
{
    int count = spot_moves(race, spot, level->moves);
    if (count < 0) {
        race->stop = 2;
        return -1;
    }
    int wins = (spot->turn == forcing->seat) == forcing->escape; /* the forcing side acts */
    int made = 0, status = 0, on_line = 0;
    Spot child;
    /* an answer the table already holds settles it at once */
    for (; made < count; made++) {
        spot_after(race, spot, level->moves[made], &child);
        level->keys[made] = NULL;
        if (child.turn < 0)
            continue;
        level->keys[made] = spot_key(race, &child);
        if (level->keys[made] == NULL)
            goto error;
        int found;
        long answer;
        if (answer_of(forcing->table, level->keys[made], &found, &answer) < 0) {
            made++;
            goto error;
        }
        if (found && (answer >= 0) == wins) {
            made++;
            *value = wins ? answer + 1 : FAIL;
            if (keep_answer(forcing->table, key, *value) < 0)
                goto error;
            goto done;
        }
    }
    Py_ssize_t place = PyDict_GET_SIZE(forcing->line);
    PyObject *at = PyLong_FromSsize_t(place);
    if (at == NULL || PyDict_SetItem(forcing->line, key, at) < 0) {
        Py_XDECREF(at);
        goto error;
    }
    Py_DECREF(at);
    on_line = 1;
    long rests = NO_PLACE, longest = 0, found;
    *value = 0;
    int settled = 0;
    for (int i = 0; i < count; i++) {
        spot_after(race, spot, level->moves[i], &child);
        if (force_at(race, forcing, &child, level->keys[i], &found) < 0) {
            status = -1;
            goto done;
        }
        if (wins) {
            if (found >= 0) {
                *value = found + 1;
                settled = 1;
                break;
            }
            if (-2 - found < rests)
                rests = -2 - found;
        }
        else {
            if (found < 0) {
                *value = found;
                settled = 1;
                break;
            }
            if (found > longest)
                longest = found;
        }
    }
    if (!settled)
        *value = wins ? -2 - rests : longest + 1;
    if (PyDict_DelItem(forcing->line, key) < 0) {
        on_line = 0;
        goto error;
    }
    on_line = 0;
    if (*value < 0 && -2 - *value >= place)
        *value = FAIL; /* it rests on no position above it: it holds on every line */
    if ((*value >= 0 || *value == FAIL) && keep_answer(forcing->table, key, *value) < 0)
        goto error;
    goto done;
error:
    race->stop = 2;
    status = -1;
done:
    if (on_line) { /* leaving the line on a stop: take the position off it, keeping the error */
        PyObject *type, *error_value, *traceback;
        PyErr_Fetch(&type, &error_value, &traceback);
        if (PyDict_DelItem(forcing->line, key) < 0)
            PyErr_Clear();
        PyErr_Restore(type, error_value, traceback);
    }
    for (int i = 0; i < made; i++)
        Py_XDECREF(level->keys[i]);
    return status;
}

static PyObject *
Race_force(Race *race, PyObject *const *args, Py_ssize_t nargs)
{
    if (masks_asked(race, nargs, 14,
                    "force takes table, line, seat, escape, race, budget, longest, hands, plays, turn, size, "
                    "active, quiet and goat") < 0)
        return NULL;
    if (!PyDict_Check(args[0]) || !PyDict_Check(args[1])) {
        PyErr_SetString(PyExc_TypeError, "the table and the line must be dicts");
        return NULL;
    }
    if (race->proof_depth) {
        PyErr_SetString(PyExc_RuntimeError, "a search on masks is already under way on this race");
        return NULL;
    }
    Spot spot;
    Forcing forcing;
    int longest;
    if (spot_argument(args + 7, &spot) < 0 ||
        int_argument(args[2], 0, spot.seats - 1, &forcing.seat, "the seat") < 0 ||
        int_argument(args[3], 0, 1, &forcing.escape, "escape") < 0 ||
        int_argument(args[6], 1, INT32_MAX, &longest, "the longest line") < 0 ||
        int_argument(args[12], 0, INT32_MAX, &spot.quiet, "the quiet count") < 0 ||
        int_argument(args[13], -2, spot.seats - 1, &spot.goat, "the goat") < 0)
        return NULL;
    forcing.table = args[0];
    forcing.line = args[1];
    forcing.race = args[4];
    forcing.longest = longest;
    if (read_budget(&forcing, args[5]) < 0)
        return NULL;
    PyObject *key = NULL;
    if (spot.turn >= 0 && (key = spot_key(race, &spot)) == NULL)
        return NULL;
    race->stop = 0;
    long value = 0;
    int failed = force_at(race, &forcing, &spot, key, &value);
    Py_XDECREF(key);
    if (failed < 0 && race->stop == 2) {
        PyObject *type, *error_value, *traceback;
        PyErr_Fetch(&type, &error_value, &traceback);
        if (spend(&forcing) < 0)
            PyErr_Clear();
        PyErr_Restore(type, error_value, traceback);
        return NULL;
    }
    if (spend(&forcing) < 0)
        return NULL;
    if (failed < 0)
        Py_RETURN_NONE;
    return PyLong_FromLong(value);
}

/* ---- The whole graph on masks: search._label_positions ----
 *
 * race.graph(seat, budget, limit, hands, plays, turn, size, active, quiet,
 * goat): the verdict of the whole graph of positions reachable from that one
 * for ``seat``, labelled back from the ends, as search._label_positions gives
 * it: -1 where the graph holds more than ``limit`` positions, None past the
 * budget (a search._Budget, counted on as the Python version counts it), else
 * ``label | length << 2`` with label 0 open, 1 escapes, 2 goat. The positions
 * are numbered in the same order, each counted once. */

/* The moves of ``spot`` in the engine's order (phase_two's legal_moves: the
 * plays of each suit the rules' plan allows, each block of touching cards
 * lowest first, each start lowest first, the fewest cards first; then the
 * pick-up, 0): their number. */
static int
spot_legal(const Race *race, const Spot *spot, uint64_t *moves)
{
    uint64_t hand = spot->hands[spot->turn];
    int count = 0;
    int top = spot->plays ? top_bit(spot->table[spot->plays - 1]) : -1;
    int entries = top >= 0 ? race->filter_count[top] : 4;
    for (int f = 0; f < entries; f++) {
        int shift = top >= 0 ? race->filter_shift[top][f] : 13 * f;
        uint32_t rest = (uint32_t)(hand >> shift) & (top >= 0 ? race->filter_pattern[top][f] : 0x1FFF);
        while (rest) {
            int low = low_bit(rest), high = low;
            while (rest >> (high + 1) & 1)
                high++;
            rest &= ~((2u << high) - 1);
            for (int start = low; start <= high; start++)
                for (int end = start; end <= high; end++)
                    if (race->whole[13 * start + end])
                        moves[count++] = (uint64_t)(((2u << end) - 1) ^ ((1u << start) - 1)) << shift;
        }
    }
    if (spot->plays)
        moves[count++] = 0;
    return count;
}

typedef struct {
    Spot *spots;
    int *first_edge; /* each position's first edge in ``edges`` */
    int *edges;
    size_t spot_capacity, edge_capacity, edge_count;
} Graph;

static int
graph_room(Graph *graph, size_t spots, size_t edges)
{
    if (spots > graph->spot_capacity) {
        size_t capacity = graph->spot_capacity ? graph->spot_capacity * 2 : 1024;
        Spot *grown = PyMem_Realloc(graph->spots, capacity * sizeof(Spot));
        int *firsts = grown == NULL ? NULL : PyMem_Realloc(graph->first_edge, (capacity + 1) * sizeof(int));
        if (grown != NULL)
            graph->spots = grown;
        if (firsts == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        graph->first_edge = firsts;
        graph->spot_capacity = capacity;
    }
    if (edges > graph->edge_capacity) {
        size_t capacity = graph->edge_capacity ? graph->edge_capacity * 2 : 4096;
        while (capacity < edges)
            capacity *= 2;
        int *grown = PyMem_Realloc(graph->edges, capacity * sizeof(int));
        if (grown == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        graph->edges = grown;
        graph->edge_capacity = capacity;
    }
    return 0;
}

/* search._labelled of the graph: label | length << 2, or -1 with an error set. */
static long
graph_labelled(const Graph *graph, size_t count, int seat)
{
    signed char *label = PyMem_Calloc(count, 1);
    int *length = PyMem_Calloc(count, sizeof(int)), *left = PyMem_Malloc(count * sizeof(int));
    int *queue = PyMem_Malloc(count * sizeof(int)), *parent_first = PyMem_Calloc(count + 1, sizeof(int));
    int *parents = PyMem_Malloc((graph->edge_count ? graph->edge_count : 1) * sizeof(int));
    long answer = -1;
    if (label == NULL || length == NULL || left == NULL || queue == NULL || parent_first == NULL || parents == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    /* each position's parents, in the order the edges were made */
    for (size_t e = 0; e < graph->edge_count; e++)
        parent_first[graph->edges[e] + 1]++;
    for (size_t n = 0; n < count; n++)
        parent_first[n + 1] += parent_first[n];
    int *filled = PyMem_Calloc(count, sizeof(int));
    if (filled == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (size_t n = 0; n < count; n++)
        for (int e = graph->first_edge[n]; e < graph->first_edge[n + 1]; e++) {
            int child = graph->edges[e];
            parents[parent_first[child] + filled[child]++] = (int)n;
        }
    PyMem_Free(filled);
    size_t head = 0, tail = 0;
    for (size_t n = 0; n < count; n++) {
        const Spot *spot = &graph->spots[n];
        left[n] = graph->first_edge[n + 1] - graph->first_edge[n];
        if (!(spot->active >> seat & 1))
            label[n] = 1; /* out of play: it has escaped */
        else if (spot->turn < 0 && spot->goat >= 0)
            label[n] = spot->goat == seat ? 2 : 1;
        if (label[n])
            queue[tail++] = (int)n;
    }
    while (head < tail) {
        int done_at = queue[head++];
        int verdict = label[done_at];
        for (int p = parent_first[done_at]; p < parent_first[done_at + 1]; p++) {
            int parent = parents[p];
            if (label[parent])
                continue;
            int good = graph->spots[parent].turn == seat ? 1 : 2;
            if (verdict == good) {
                label[parent] = (signed char)good;
                length[parent] = length[done_at] + 1;
                queue[tail++] = parent;
            }
            else if (--left[parent] == 0) { /* every move leads to the other side's win */
                int longest = 0;
                for (int e = graph->first_edge[parent]; e < graph->first_edge[parent + 1]; e++)
                    if (length[graph->edges[e]] > longest)
                        longest = length[graph->edges[e]];
                label[parent] = (signed char)verdict;
                length[parent] = longest + 1;
                queue[tail++] = parent;
            }
        }
    }
    answer = label[0] ? (long)label[0] | (long)length[0] << 2 : 0;
done:
    PyMem_Free(label);
    PyMem_Free(length);
    PyMem_Free(left);
    PyMem_Free(queue);
    PyMem_Free(parent_first);
    PyMem_Free(parents);
    return answer;
}

static PyObject *
Race_graph(Race *race, PyObject *const *args, Py_ssize_t nargs)
{
    if (masks_asked(race, nargs, 10,
                    "graph takes seat, budget, limit, hands, plays, turn, size, active, quiet and goat") < 0)
        return NULL;
    Spot root;
    int seat, limit;
    if (spot_argument(args + 3, &root) < 0 || int_argument(args[0], 0, root.seats - 1, &seat, "the seat") < 0 ||
        int_argument(args[2], 0, INT32_MAX, &limit, "the limit") < 0 ||
        int_argument(args[8], 0, INT32_MAX, &root.quiet, "the quiet count") < 0 ||
        int_argument(args[9], -2, root.seats - 1, &root.goat, "the goat") < 0)
        return NULL;
    Forcing forcing; /* only its budget */
    if (read_budget(&forcing, args[1]) < 0)
        return NULL;
    PyObject *made = PyObject_CallFunction((PyObject *)BoundsType, "i", root.seats);
    if (made == NULL)
        return NULL;
    struct Bounds *index = (struct Bounds *)made; /* each position's number, by its key */
    Graph graph = {NULL, NULL, NULL, 0, 0, 0};
    PyObject *result = NULL;
    long answer = -3; /* -1 too big, -2 past the budget */
    uint64_t key[KEY_WORDS], moves[MOST_PLAYS + 1];
    size_t count = 1;
    if (graph_room(&graph, 1, 0) < 0)
        goto done;
    graph.spots[0] = root;
    spot_words(race, &root, key);
    if (bounds_put(index, key, 0) < 0)
        goto done;
    for (size_t todo = 0; todo < count; todo++) {
        if (todo >= (size_t)limit) {
            answer = -1;
            break;
        }
        forcing.used++;
        if (forcing.used > forcing.max_nodes) {
            answer = -2;
            break;
        }
        if (todo % CLOCK_EVERY == 0) {
            if (PyErr_CheckSignals() < 0)
                goto done;
            if (forcing.deadline < Py_HUGE_VAL) {
                PyObject *now = PyObject_CallNoArgs(race->clock);
                double seconds = now == NULL ? -1.0 : PyFloat_AsDouble(now);
                Py_XDECREF(now);
                if (seconds == -1.0 && PyErr_Occurred())
                    goto done;
                if (seconds > forcing.deadline) {
                    answer = -2;
                    break;
                }
            }
        }
        graph.first_edge[todo] = (int)graph.edge_count;
        Spot current = graph.spots[todo];
        if (current.turn < 0 || !(current.active >> seat & 1))
            continue;
        int moved = spot_legal(race, &current, moves);
        if (graph_room(&graph, count + (size_t)moved, graph.edge_count + (size_t)moved) < 0)
            goto done;
        for (int m = 0; m < moved; m++) {
            Spot after;
            spot_after(race, &current, moves[m], &after);
            spot_words(race, &after, key);
            int64_t number = bounds_find(index, key);
            if (number < 0) {
                number = (int64_t)count;
                if (bounds_put(index, key, number) < 0)
                    goto done;
                graph.spots[count++] = after;
            }
            graph.edges[graph.edge_count++] = (int)number;
        }
    }
    if (answer == -3) {
        graph.first_edge[count] = (int)graph.edge_count;
        answer = graph_labelled(&graph, count, seat);
        if (answer < 0)
            goto done;
    }
    if (spend(&forcing) < 0)
        goto done;
    if (answer == -2)
        result = Py_NewRef(Py_None);
    else
        result = PyLong_FromLong(answer);
done:
    if (result == NULL) { /* an error: count what was spent, keeping the error */
        PyObject *type, *error_value, *traceback;
        PyErr_Fetch(&type, &error_value, &traceback);
        if (spend(&forcing) < 0)
            PyErr_Clear();
        PyErr_Restore(type, error_value, traceback);
    }
    Py_DECREF(made);
    PyMem_Free(graph.spots);
    PyMem_Free(graph.first_edge);
    PyMem_Free(graph.edges);
    return result;
}

static PyObject *
Race_nodes(Race *race, void *closure)
{
    return PyLong_FromLongLong(race->nodes);
}

static Py_ssize_t
Race_length(Race *race)
{
    return (Py_ssize_t)race->used;
}

static int
read_rules(Race *race, PyObject *filters, PyObject *beaten_by, PyObject *whole)
{
    if (PySequence_Size(filters) != 52 || PySequence_Size(beaten_by) != 52 || PySequence_Size(whole) != 169) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the race needs 52 filters, 52 masks beaten by and 169 wholes");
        return -1;
    }
    for (int top = 0; top < 52; top++) {
        PyObject *pairs = PySequence_GetItem(filters, top);
        if (pairs == NULL)
            return -1;
        Py_ssize_t size = PySequence_Size(pairs);
        if (size < 0 || size % 2 || size > 8) {
            Py_DECREF(pairs);
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_ValueError, "the filter of card %d holds %zd numbers, not pairs of at most four suits", top, size);
            return -1;
        }
        race->filter_count[top] = (int)(size / 2);
        for (Py_ssize_t i = 0; i < size; i++) {
            PyObject *item = PySequence_GetItem(pairs, i);
            long number = item == NULL ? -1 : PyLong_AsLong(item);
            Py_XDECREF(item);
            if (number == -1 && PyErr_Occurred()) {
                Py_DECREF(pairs);
                return -1;
            }
            if (i % 2 == 0 && (number < 0 || number > 39 || number % 13)) {
                Py_DECREF(pairs);
                PyErr_Format(PyExc_ValueError, "a filter's shift is %ld, not 0, 13, 26 or 39", number);
                return -1;
            }
            if (i % 2 == 1 && (number < 0 || number > 0x1FFF)) {
                Py_DECREF(pairs);
                PyErr_Format(PyExc_ValueError, "a filter's pattern is %ld, not 13 bits", number);
                return -1;
            }
            if (i % 2 == 0)
                race->filter_shift[top][i / 2] = (int)number;
            else
                race->filter_pattern[top][i / 2] = (uint32_t)number;
        }
        Py_DECREF(pairs);
        PyObject *mask = PySequence_GetItem(beaten_by, top);
        if (mask == NULL)
            return -1;
        int failed = mask_argument(mask, &race->beaten_by[top], "a mask beaten by");
        Py_DECREF(mask);
        if (failed < 0)
            return -1;
    }
    for (int i = 0; i < 169; i++) {
        PyObject *item = PySequence_GetItem(whole, i);
        int truth = item == NULL ? -1 : PyObject_IsTrue(item);
        Py_XDECREF(item);
        if (truth < 0)
            return -1;
        race->whole[i] = (unsigned char)truth;
    }
    for (int rank = 0; rank < 13; rank++)
        if (!race->whole[14 * rank]) {
            PyErr_Format(PyExc_ValueError, "a single card (rank index %d) must be a play", rank);
            return -1;
        }
    for (int card = 0; card < 52; card++) {
        race->beats[card] = 0;
        for (int top = 0; top < 52; top++)
            if (race->beaten_by[top] >> card & 1)
                race->beats[card] |= (uint64_t)1 << top;
    }
    for (int suit = 0; suit < 4; suit++) {
        for (int pattern = 0; pattern < 128; pattern++) {
            uint64_t all = ~(uint64_t)0;
            for (int rank = 0; rank < 7; rank++)
                if (pattern >> rank & 1)
                    all &= race->beats[13 * suit + rank];
            race->beats_low[suit][pattern] = all;
        }
        for (int pattern = 0; pattern < 64; pattern++) {
            uint64_t all = ~(uint64_t)0;
            for (int rank = 0; rank < 6; rank++)
                if (pattern >> rank & 1)
                    all &= race->beats[13 * suit + 7 + rank];
            race->beats_high[suit][pattern] = all;
        }
    }
    race->one_way = 1;
    for (int card = 0; card < 52; card++)
        for (int other = 0; other < card; other++)
            if ((race->beats[card] >> other & 1) && (race->beats[other] >> card & 1))
                race->one_way = 0;
    race->shifting = race->one_way;
    for (int low = 0; low < 13; low++)
        for (int high = low; high < 13; high++)
            if (race->whole[13 * low + high] != race->whole[high - low])
                race->shifting = 0;
    return 0;
}

static int
read_groups(Race *race, PyObject *groups)
{
    Py_ssize_t size = PySequence_Size(groups);
    if (size < 0)
        return -1;
    if (size != 0 && size != 4) {
        PyErr_SetString(PyExc_ValueError, "the groups name one group for each of the 4 suits, or none");
        return -1;
    }
    race->relative = size == 4;
    for (Py_ssize_t suit = 0; suit < size; suit++) {
        PyObject *item = PySequence_GetItem(groups, suit);
        long group = item == NULL ? -1 : PyLong_AsLong(item);
        Py_XDECREF(item);
        if (group == -1 && PyErr_Occurred())
            return -1;
        if (group < 0 || group > 3) {
            PyErr_Format(PyExc_ValueError, "a suit's group is %ld, not 0 to 3", group);
            return -1;
        }
        race->group_of[suit] = (int)group;
        race->group_suits[group] |= (uint64_t)1 << (13 * suit);
    }
    for (Py_ssize_t suit = 0; suit < size; suit++)
        for (Py_ssize_t second = 0; second < size; second++)
            if (second != suit && race->group_of[second] == race->group_of[suit])
                race->crossing_suits[suit] |= (uint64_t)0x1FFF << (13 * second);
    return 0;
}

static void
Race_dealloc(Race *race)
{
    PyTypeObject *type = Py_TYPE(race);
    for (int i = 0; i < PATTERNS; i++)
        PyMem_Free(race->plays[i]);
    for (int i = 0; i < race->frame_count; i++)
        PyMem_Free(race->frames[i]);
    PyMem_Free(race->frames);
    for (int i = 0; i < race->level_count; i++)
        PyMem_Free(race->levels[i]);
    PyMem_Free(race->levels);
    PyMem_Free(race->keys);
    PyMem_Free(race->answers);
    PyMem_Free(race->plans);
    Py_XDECREF(race->clock);
    Py_XDECREF(race->made);
    type->tp_free((PyObject *)race);
    Py_DECREF(type);
}

static PyObject *
Race_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"filters", "beaten_by", "trumps", "whole", "groups", "pick", "quiet_limit", "layout", NULL};
    PyObject *filters, *beaten_by, *trumps, *whole, *groups;
    int pick = -1, quiet_limit = 0, layout = 52 << 1;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOO|iii", names, &filters, &beaten_by, &trumps, &whole, &groups,
                                     &pick, &quiet_limit, &layout))
        return NULL;
    if (pick < -1 || pick > PICK_BOTTOM_JOINED) {
        PyErr_Format(PyExc_ValueError, "the pick-up is %d, not -1 (none) or 0 to %d", pick, PICK_BOTTOM_JOINED);
        return NULL;
    }
    if (layout >> 1 != 52) {
        PyErr_Format(PyExc_ValueError, "the layout's masks take %d bits, not the 52 of one pack", layout >> 1);
        return NULL;
    }
    Race *race = (Race *)type->tp_alloc(type, 0);
    if (race == NULL)
        return NULL;
    race->pick = pick;
    race->quiet_limit = quiet_limit;
    race->squeezable = layout & 1;
    /* tp_alloc zeroed the object: no plays, no table, no clock yet */
    if (read_rules(race, filters, beaten_by, whole) < 0 || read_groups(race, groups) < 0 ||
        mask_argument(trumps, &race->trumps, "the trumps") < 0 || grow(race) < 0) {
        Py_DECREF(race);
        return NULL;
    }
    for (int suit = 0; suit < 4; suit++)
        if (!(race->trumps >> (13 * suit) & 0x1FFF))
            race->plain_suits[race->plain_count++] = suit;
    PyObject *time = PyImport_ImportModule("time");
    if (time == NULL) {
        Py_DECREF(race);
        return NULL;
    }
    race->clock = PyObject_GetAttrString(time, "monotonic");
    Py_DECREF(time);
    if (race->clock == NULL) {
        Py_DECREF(race);
        return NULL;
    }
    race->made = Py_BuildValue("(OOOOOiii)", filters, beaten_by, trumps, whole, groups, pick, quiet_limit, layout);
    if (race->made == NULL) {
        Py_DECREF(race);
        return NULL;
    }
    return (PyObject *)race;
}

/* One answer of the table in a pickle: the two words of its key, little end
 * first, and the answer. */
#define KEPT_BYTES 17

/* Pickled as a race of the same rules with the same answers kept: the
 * positions counted by the last question, and the table as bytes. */
static PyObject *
Race_reduce(Race *race, PyObject *Py_UNUSED(unused))
{
    PyObject *kept = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)(race->used * KEPT_BYTES));
    if (kept == NULL)
        return NULL;
    unsigned char *at = (unsigned char *)PyBytes_AS_STRING(kept);
    for (size_t i = 0; i < race->capacity; i++) {
        if (race->answers[i] < 0)
            continue;
        for (int word = 0; word < 2; word++)
            for (int byte = 0; byte < 8; byte++)
                *at++ = (unsigned char)(race->keys[2 * i + word] >> (8 * byte));
        *at++ = (unsigned char)(race->answers[i] & 1);
    }
    return Py_BuildValue("(OO(LN))", (PyObject *)Py_TYPE(race), race->made, race->nodes, kept);
}

/* The other half of Race_reduce: the answers put back in the table, each
 * checked (two hands of one pack apart or their blocks, an answer of 0 or 1). */
static PyObject *
Race_setstate(Race *race, PyObject *state)
{
    long long nodes;
    const char *bytes;
    Py_ssize_t size;
    if (!PyArg_ParseTuple(state, "Ly#", &nodes, &bytes, &size))
        return NULL;
    if (nodes < 0 || size % KEPT_BYTES) {
        PyErr_Format(PyExc_ValueError, "a race's pickled table holds %zd bytes, not %d a position, "
                     "or its count (%lld) is negative", size, KEPT_BYTES, nodes);
        return NULL;
    }
    if (race->used) {
        PyErr_SetString(PyExc_ValueError, "a race's table is put back only into a race that has kept nothing");
        return NULL;
    }
    const unsigned char *at = (const unsigned char *)bytes;
    for (Py_ssize_t i = 0; i < size / KEPT_BYTES; i++) {
        uint64_t words[2] = {0, 0};
        for (int word = 0; word < 2; word++)
            for (int byte = 0; byte < 8; byte++)
                words[word] |= (uint64_t)*at++ << (8 * byte);
        int answer = *at++;
        int blocks = (int)(words[1] >> 63);
        if ((blocks ? !block_key_valid(race, words)
                    : (words[0] | words[1]) & ~PACK_MASK || words[0] & words[1])
            || answer > 1) {
            PyErr_Format(PyExc_ValueError, "a race's pickled position %zd is not two hands of one pack "
                         "apart, or the blocks of two hands, with an answer of 0 or 1", i);
            return NULL;
        }
        if (keep(race, words[0], words[1], answer) < 0)
            return NULL;
    }
    race->nodes = nodes;
    Py_RETURN_NONE;
}

static PyMethodDef Race_methods[] = {
    {"__reduce__", (PyCFunction)Race_reduce, METH_NOARGS, "pickled with the same rules and the same answers kept"},
    {"__setstate__", (PyCFunction)Race_setstate, METH_O, "the answers of a pickled race put back"},
    {"leads", (PyCFunction)(void (*)(void))Race_leads, METH_FASTCALL,
     "leads(hand, other, max_nodes, deadline): 1 if the seat to lead from hand escapes, 0 if not, -1 past the budget"},
    {"answered", (PyCFunction)(void (*)(void))Race_answered, METH_FASTCALL,
     "answered(rest, other, lead, max_nodes, deadline): 1 if the seat that led escapes, 0 if not, -1 past the budget"},
    {"key", (PyCFunction)(void (*)(void))Race_key, METH_FASTCALL,
     "key(hands, plays, turn, size, active): the key of a position of the proof search on masks"},
    {"force", (PyCFunction)(void (*)(void))Race_force, METH_FASTCALL,
     "force(table, line, seat, escape, race, budget, longest, hands, plays, turn, size, active, quiet, goat): "
     "the search that counts no moves on masks (see the module); None past the budget"},
    {"graph", (PyCFunction)(void (*)(void))Race_graph, METH_FASTCALL,
     "graph(seat, budget, limit, hands, plays, turn, size, active, quiet, goat): the whole graph's verdict on masks "
     "(see the module); -1 past the limit, None past the budget"},
    {"prove", (PyCFunction)(void (*)(void))Race_prove, METH_FASTCALL,
     "prove(table, seat, escape, hands, plays, turn, size, active, quiet, goat, depth, max_nodes, deadline): "
     "the proof search on masks (see the module); None past the budget"},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Race_getset[] = {
    {"nodes", (getter)Race_nodes, NULL, "positions counted by the last question", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyType_Slot Race_slots[] = {
    {Py_tp_doc, "The two-seat race on masks of one set of rules, with its table (see the module)."},
    {Py_tp_new, Race_new},
    {Py_tp_dealloc, Race_dealloc},
    {Py_tp_methods, Race_methods},
    {Py_tp_getset, Race_getset},
    {Py_mp_length, Race_length},
    {0, NULL},
};

static PyType_Spec Race_spec = {
    "skitgubbe.solve._shedding.Race",
    sizeof(Race),
    0,
    Py_TPFLAGS_DEFAULT,
    Race_slots,
};

static int
exec_module(PyObject *module)
{
    PyObject *type = PyType_FromSpec(&Race_spec);
    if (type == NULL)
        return -1;
    if (PyModule_AddObject(module, "Race", type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    type = PyType_FromSpec(&Bounds_spec);
    if (type == NULL)
        return -1;
    BoundsType = (PyTypeObject *)type; /* the module holds it from here on */
    if (PyModule_AddObject(module, "Bounds", type) < 0) {
        Py_DECREF(type);
        return -1;
    }
    return 0;
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, exec_module},
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "_shedding",
    "The compiled build's searches on masks (see skitgubbe.solve.search).",
    0,
    NULL,
    module_slots,
};

PyMODINIT_FUNC
PyInit__shedding(void)
{
    return PyModuleDef_Init(&module_def);
}
