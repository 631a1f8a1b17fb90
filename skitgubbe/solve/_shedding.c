/* The compiled build's race on masks (see _Shedding and _Race in search.py).
 *
 * Race(filters, beaten_by, trumps, whole, groups)
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
 * themselves. These are the fields of the same names of a _Shedding.
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
#define PATTERNS 8192
#define CLOCK_EVERY 256

typedef struct {
    PyObject_HEAD
    int filter_count[52];
    int filter_shift[52][4];
    uint32_t filter_pattern[52][4];
    uint64_t beaten_by[52];
    uint64_t trumps;
    unsigned char whole[169];
    /* each suit's group of suits compared by rank; relative: whether the
     * table is keyed by relative ranks (see relative_key) */
    int group_of[4];
    uint64_t group_suits[4]; /* the lowest card of each suit of a group */
    int relative;
    /* the plays of each pattern of one suit, in the race's order, each as
     * (16 - cards) << 17 | top << 13 | play, made when first asked for */
    uint32_t *plays[PATTERNS];
    unsigned char play_count[PATTERNS];
    /* the table: two words of key (leader, other) and an answer a slot */
    uint64_t *keys;
    signed char *answers;
    size_t capacity, used;
    /* the moves of each level of the line being searched, MOST_PLAYS apiece,
     * made when the line first grows that deep: kept off the C stack, so that
     * a deep line fits in a thread's small stack */
    uint32_t **frames;
    int frame_count, depth;
    /* the question being answered */
    long long nodes, max_nodes;
    double deadline;
    int stop; /* 1 past the budget, 2 a Python error is set */
    PyObject *clock;
} Race;

static size_t
slot_of(uint64_t hand, uint64_t other, size_t capacity)
{
    uint64_t mixed = hand * 0x9E3779B97F4A7C15ull ^ (other + 0x632BE59BD9B4E019ull) * 0xC2B2AE3D27D4EB4Full;
    mixed ^= mixed >> 29;
    return (size_t)mixed & (capacity - 1);
}

/* search._RELATIVE_FROM: the fewest cards in play keyed by relative ranks. */
#define RELATIVE_FROM 14

static int
card_count(uint64_t mask)
{
    int count = 0;
    while (mask) {
        mask &= mask - 1;
        count++;
    }
    return count;
}

/* _Shedding.key: the table's key of the leader's ``*hand`` and the other's
 * ``*other``, written back in place. Keyed by relative ranks, each group of
 * suits compared by rank keeps the ranks some card in play holds, and of the
 * ranks between two such that no card holds, one rank, only where a suit holds
 * cards on both sides (else two cards of that suit would touch); every card
 * moves down past the ranks left out. */
static void
relative_key(const Race *race, uint64_t *hand, uint64_t *other)
{
    uint64_t live = *hand | *other, packed_hand = *hand, packed_other = *other;
    if (!race->relative || card_count(live) < RELATIVE_FROM)
        return;
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
    size_t j = slot_of(hand, other, race->capacity);
    while (race->answers[j] >= 0) {
        if (race->keys[2 * j] == hand && race->keys[2 * j + 1] == other)
            return race->answers[j];
        j = (j + 1) & (race->capacity - 1);
    }
    return -1;
}

static int
keep(Race *race, uint64_t hand, uint64_t other, int answer)
{
    if ((race->used + 1) * 2 > race->capacity && grow(race) < 0)
        return -1;
    size_t j = slot_of(hand, other, race->capacity);
    while (race->answers[j] >= 0)
        j = (j + 1) & (race->capacity - 1);
    race->keys[2 * j] = hand;
    race->keys[2 * j + 1] = other;
    race->answers[j] = (signed char)answer;
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

/* _Shedding.quick: whether the leader goes out by the quick line. */
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
    return quick_line(race, pieces, count, other);
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
        frame = race->frames[race->depth] = PyMem_Malloc(sizeof(uint32_t) * MOST_PLAYS);
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

static int leads(Race *race, uint64_t hand, uint64_t other);

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
    int count = 0;
    for (int f = 0; f < race->filter_count[top]; f++) {
        int shift = race->filter_shift[top][f];
        uint32_t pattern = (uint32_t)(other >> shift) & race->filter_pattern[top][f];
        if (!pattern)
            continue;
        const uint32_t *plays = plays_of(race, pattern);
        if (plays == NULL)
            return -1;
        for (int i = 0; i < race->play_count[pattern]; i++) {
            if ((uint64_t)(plays[i] & 0x1FFF) << shift == other)
                return 0; /* it beats with its last cards: out */
            order[count++] = plays[i] << 2 | (uint32_t)(shift / 13);
        }
    }
    if (count) {
        if (counted(race) < 0)
            return -1;
        sort_plays(order, count);
        for (int i = 0; i < count; i++) {
            uint64_t beat = (uint64_t)(order[i] >> 2 & 0x1FFF) << (13 * (order[i] & 3));
            int escapes = leads(race, other ^ beat, rest); /* the killer leads next */
            if (escapes < 0)
                return -1;
            if (escapes)
                return 0;
        }
    }
    return leads(race, rest, other | lead); /* picked up: the leader leads again */
}

static int leading(Race *race, uint64_t hand, uint64_t other, uint64_t key_hand, uint64_t key_other,
                   uint32_t *order);

/* _Race._leads; -1 when stopped. */
static int
leads(Race *race, uint64_t hand, uint64_t other)
{
    if (quick(race, hand, other))
        return 1; /* cheaper to see again than to keep */
    uint64_t key_hand = hand, key_other = other;
    relative_key(race, &key_hand, &key_other);
    int answer = known(race, key_hand, key_other);
    if (answer >= 0)
        return answer;
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
    for (int suit = 0; suit < 4; suit++) {
        uint32_t pattern = (uint32_t)(hand >> (13 * suit)) & 0x1FFF;
        if (!pattern)
            continue;
        const uint32_t *plays = plays_of(race, pattern);
        if (plays == NULL)
            return -1;
        for (int i = 0; i < race->play_count[pattern]; i++)
            order[count++] = plays[i] << 2 | (uint32_t)suit;
    }
    sort_plays(order, count);
    int answer = 0;
    for (int i = 0; i < count; i++) {
        uint64_t lead = (uint64_t)(order[i] >> 2 & 0x1FFF) << (13 * (order[i] & 3));
        if (lead == hand) { /* it leads its last cards and is out */
            answer = 1;
            break;
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
    PyMem_Free(race->keys);
    PyMem_Free(race->answers);
    Py_XDECREF(race->clock);
    type->tp_free((PyObject *)race);
    Py_DECREF(type);
}

static PyObject *
Race_new(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
    static char *names[] = {"filters", "beaten_by", "trumps", "whole", "groups", NULL};
    PyObject *filters, *beaten_by, *trumps, *whole, *groups;
    if (!PyArg_ParseTupleAndKeywords(args, kwargs, "OOOOO", names, &filters, &beaten_by, &trumps, &whole, &groups))
        return NULL;
    Race *race = (Race *)type->tp_alloc(type, 0);
    if (race == NULL)
        return NULL;
    /* tp_alloc zeroed the object: no plays, no table, no clock yet */
    if (read_rules(race, filters, beaten_by, whole) < 0 || read_groups(race, groups) < 0 ||
        mask_argument(trumps, &race->trumps, "the trumps") < 0 || grow(race) < 0) {
        Py_DECREF(race);
        return NULL;
    }
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
    return (PyObject *)race;
}

static PyMethodDef Race_methods[] = {
    {"leads", (PyCFunction)(void (*)(void))Race_leads, METH_FASTCALL,
     "leads(hand, other, max_nodes, deadline): 1 if the seat to lead from hand escapes, 0 if not, -1 past the budget"},
    {"answered", (PyCFunction)(void (*)(void))Race_answered, METH_FASTCALL,
     "answered(rest, other, lead, max_nodes, deadline): 1 if the seat that led escapes, 0 if not, -1 past the budget"},
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
    return 0;
}

static PyModuleDef_Slot module_slots[] = {
    {Py_mod_exec, exec_module},
    {0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT,
    "_shedding",
    "The compiled build's two-seat race on masks (see skitgubbe.solve.search).",
    0,
    NULL,
    module_slots,
};

PyMODINIT_FUNC
PyInit__shedding(void)
{
    return PyModuleDef_Init(&module_def);
}
