/*
 * A bot for the skitgubbe line protocol in C, with the C library alone.
 *
 * Build:  cc -O2 -Wall -Wextra -std=c11 -o random_bot examples/bots/random_bot.c
 * Play:   python -m skitgubbe match --bots 'cmd:./random_bot,greedy,random'
 *
 * Each message is one JSON object on one line; the bot answers each with one
 * line, and flushes it: "ok" to hello, reset and end; to choose, one of the
 * legal moves it is given, chosen at random from the game's seed (or "pass" now
 * and then when it is not due). Keys may come in any order, with or without
 * spaces, so the bot reads the top-level keys one by one and skips the values
 * it does not need (the view, the rules). Lines can be long (a view of a big
 * game runs to a few tens of kilobytes), so they are read with getline.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PROTOCOL 1
#define MAX_MOVES 4096

/* What the bot keeps of one message. */
struct message {
    char type[16];
    long long protocol;
    unsigned long long seed;
    int due;
    int moves;
    char *move[MAX_MOVES]; /* each points into the line, ended in place */
};

static const char *skip_space(const char *p) {
    while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n') p++;
    return p;
}

/* A JSON string at p (just after its opening quote): returns the character
 * after the closing quote, and sets *start (if start is not NULL) to the first
 * character of its text. Moves and types hold no escapes; an escape elsewhere
 * is stepped over. */
static char *string_end(char *p, char **start) {
    if (start) *start = p;
    while (*p && *p != '"') {
        if (*p == '\\' && p[1]) p++;
        p++;
    }
    return *p ? p + 1 : p;
}

/* Skips one JSON value of any kind; returns what follows it. */
static char *skip_value(char *p) {
    p = (char *)skip_space(p);
    if (*p == '"') return string_end(p + 1, NULL);
    if (*p == '{' || *p == '[') {
        int depth = 0;
        while (*p) {
            if (*p == '"') { p = string_end(p + 1, NULL); continue; }
            if (*p == '{' || *p == '[') depth++;
            if (*p == '}' || *p == ']') { depth--; if (!depth) return p + 1; }
            p++;
        }
        return p;
    }
    while (*p && *p != ',' && *p != '}' && *p != ']') p++; /* number, true, false, null */
    return p;
}

/* Reads the top-level keys of the object on line; returns 0 if it is not one. */
static int parse(char *line, struct message *m) {
    memset(m, 0, sizeof *m);
    char *p = (char *)skip_space(line);
    if (*p != '{') return 0;
    p++;
    for (;;) {
        p = (char *)skip_space(p);
        if (*p == '}') return 1;
        if (*p != '"') return 0;
        char *key;
        p = string_end(p + 1, &key);
        size_t length = (size_t)(p - 1 - key);
        p = (char *)skip_space(p);
        if (*p != ':') return 0;
        p = (char *)skip_space(p + 1);
        if (length == 4 && !strncmp(key, "type", 4) && *p == '"') {
            char *text;
            p = string_end(p + 1, &text);
            size_t n = (size_t)(p - 1 - text);
            if (n >= sizeof m->type) n = sizeof m->type - 1;
            memcpy(m->type, text, n);
            m->type[n] = 0;
        } else if (length == 8 && !strncmp(key, "protocol", 8)) {
            m->protocol = strtoll(p, &p, 10);
        } else if (length == 4 && !strncmp(key, "seed", 4)) {
            m->seed = strtoull(p, &p, 10);
        } else if (length == 3 && !strncmp(key, "due", 3)) {
            m->due = !strncmp(p, "true", 4);
            p = skip_value(p);
        } else if (length == 5 && !strncmp(key, "moves", 5) && *p == '[') {
            p = (char *)skip_space(p + 1);
            while (*p == '"') {
                char *text;
                p = string_end(p + 1, &text);
                p[-1] = 0; /* end the move's text in place */
                if (m->moves < MAX_MOVES) m->move[m->moves++] = text;
                p = (char *)skip_space(p);
                if (*p == ',') p = (char *)skip_space(p + 1);
            }
            if (*p == ']') p++;
        } else {
            p = skip_value(p);
        }
        p = (char *)skip_space(p);
        if (*p == ',') p++;
    }
}

/* splitmix64: a small generator seeded by the game's seed. */
static uint64_t state;
static uint64_t next_random(void) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

int main(void) {
    char *line = NULL;
    size_t size = 0;
    struct message m;
    while (getline(&line, &size, stdin) != -1) {
        if (!parse(line, &m)) {
            fprintf(stderr, "random_bot.c: not a message: %.80s\n", line);
            return 1;
        }
        const char *answer = "ok";
        if (!strcmp(m.type, "hello") && m.protocol != PROTOCOL) {
            fprintf(stderr, "random_bot.c: protocol %lld is not %d\n", m.protocol, PROTOCOL);
            return 1;
        } else if (!strcmp(m.type, "reset")) {
            state = m.seed;
        } else if (!strcmp(m.type, "choose")) {
            uint64_t pick = next_random() % (uint64_t)(m.moves + (m.due ? 0 : 1));
            answer = pick < (uint64_t)m.moves ? m.move[pick] : "pass";
        }
        printf("%s\n", answer);
        fflush(stdout); /* the runner waits for the whole line: flush every answer */
    }
    free(line);
    return 0;
}
