/* The compiled build's writer of observation vectors (see observations.py).
 *
 * fill(out, width, tail_start, tail, rows, numbers)
 *
 * Writes the whole of ``out``, a writable C-contiguous buffer of float32
 * numbers: first every number 0; then, for each pair (masks, places) laid flat
 * in the tuple ``rows``, 1 added at ``places[i] + bit % width`` for each set
 * bit of ``masks[i]``, so that the two copies of a card of two packs count 2;
 * then 1 at ``tail_start + bit`` for each set bit of the bytes ``tail`` (bit 0
 * is the lowest bit of the first byte); then, for each pair (values, places)
 * laid flat in the tuple ``numbers``, ``values[i]`` at ``places[i]``. A pair
 * is taken while both its sequences last, and a negative place skips its
 * item. Every mask is a non-negative int of at most 128 bits. Nothing is
 * written outside ``out``: a place past its end raises IndexError.
 *
 * It does what the pure build's numpy path does, in one pass over the set
 * bits, without the numpy calls and big-integer shifts that dominate that
 * path; tests/test_observations.py compares the two on every position of
 * many games.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

/* The place of the lowest set bit of a word that is not 0. */
#if defined(_MSC_VER)
#include <intrin.h>
static int
low_bit(unsigned long long word)
{
    unsigned long at;
    _BitScanForward64(&at, word);
    return (int)at;
}
#else
static int
low_bit(unsigned long long word)
{
    return __builtin_ctzll(word);
}
#endif

static int
place(float *out, Py_ssize_t size, Py_ssize_t at, float value, int add)
{
    if (at < 0 || at >= size) {
        PyErr_Format(PyExc_IndexError,
                     "place %zd is outside the vector of %zd numbers", at, size);
        return -1;
    }
    if (add)
        out[at] += value;
    else
        out[at] = value;
    return 0;
}

/* The low and high 64 bits of a non-negative int of at most 128 bits. */
static int
words(PyObject *mask, unsigned long long *low, unsigned long long *high)
{
    if (!PyLong_Check(mask)) {
        PyErr_Format(PyExc_TypeError, "a mask is an int, not %.100s",
                     Py_TYPE(mask)->tp_name);
        return -1;
    }
    *high = 0;
    *low = PyLong_AsUnsignedLongLong(mask);
    if (*low != (unsigned long long)-1 || !PyErr_Occurred())
        return 0;
    if (!PyErr_ExceptionMatches(PyExc_OverflowError))
        return -1;
    PyErr_Clear();
    *low = PyLong_AsUnsignedLongLongMask(mask);
    if (*low == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    PyObject *shift = PyLong_FromLong(64);
    if (shift == NULL)
        return -1;
    PyObject *top = PyNumber_Rshift(mask, shift);
    Py_DECREF(shift);
    if (top == NULL)
        return -1;
    *high = PyLong_AsUnsignedLongLong(top);
    Py_DECREF(top);
    if (*high == (unsigned long long)-1 && PyErr_Occurred()) {
        if (PyErr_ExceptionMatches(PyExc_OverflowError)) {
            PyErr_Clear();
            PyErr_SetString(PyExc_OverflowError,
                            "a mask is negative or holds more than 128 bits");
        }
        return -1;
    }
    return 0;
}

static int
scatter(float *out, Py_ssize_t size, Py_ssize_t offset, Py_ssize_t width,
        unsigned long long word, Py_ssize_t first)
{
    while (word) {
        int bit = low_bit(word);
        word &= word - 1;
        if (place(out, size, offset + (first + bit) % width, 1.0f, 1) < 0)
            return -1;
    }
    return 0;
}

static int
rows(float *out, Py_ssize_t size, Py_ssize_t width, PyObject *masks,
     PyObject *offsets)
{
    PyObject *mask_seq = PySequence_Fast(masks, "masks must be a sequence");
    if (mask_seq == NULL)
        return -1;
    PyObject *offset_seq = PySequence_Fast(offsets, "offsets must be a sequence");
    if (offset_seq == NULL) {
        Py_DECREF(mask_seq);
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(mask_seq);
    if (PySequence_Fast_GET_SIZE(offset_seq) < count)
        count = PySequence_Fast_GET_SIZE(offset_seq);
    int status = 0;
    for (Py_ssize_t i = 0; i < count && status == 0; i++) {
        Py_ssize_t offset = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(offset_seq, i));
        if (offset == -1 && PyErr_Occurred()) {
            status = -1;
            break;
        }
        if (offset < 0)
            continue;
        unsigned long long low, high;
        if (words(PySequence_Fast_GET_ITEM(mask_seq, i), &low, &high) < 0
            || scatter(out, size, offset, width, low, 0) < 0
            || scatter(out, size, offset, width, high, 64) < 0)
            status = -1;
    }
    Py_DECREF(mask_seq);
    Py_DECREF(offset_seq);
    return status;
}

/* Each number of ``values`` at its place in ``places`` (a negative place skips it). */
static int
numbers(float *out, Py_ssize_t size, PyObject *values, PyObject *places)
{
    PyObject *value_seq = PySequence_Fast(values, "numbers must be a sequence");
    if (value_seq == NULL)
        return -1;
    PyObject *place_seq = PySequence_Fast(places, "places must be a sequence");
    if (place_seq == NULL) {
        Py_DECREF(value_seq);
        return -1;
    }
    Py_ssize_t count = PySequence_Fast_GET_SIZE(value_seq);
    if (PySequence_Fast_GET_SIZE(place_seq) < count)
        count = PySequence_Fast_GET_SIZE(place_seq);
    int status = 0;
    for (Py_ssize_t i = 0; i < count && status == 0; i++) {
        Py_ssize_t at = PyLong_AsSsize_t(PySequence_Fast_GET_ITEM(place_seq, i));
        if (at == -1 && PyErr_Occurred()) {
            status = -1;
            break;
        }
        if (at < 0)
            continue;
        PyObject *item = PySequence_Fast_GET_ITEM(value_seq, i);
        double value;
        if (PyLong_CheckExact(item)) {
            long whole = PyLong_AsLong(item);
            if (whole == -1 && PyErr_Occurred()) {
                status = -1;
                break;
            }
            value = (double)whole;
        } else {
            value = PyFloat_AsDouble(item);
            if (value == -1.0 && PyErr_Occurred()) {
                status = -1;
                break;
            }
        }
        status = place(out, size, at, (float)value, 0);
    }
    Py_DECREF(value_seq);
    Py_DECREF(place_seq);
    return status;
}

/* Calls ``each`` on every (sequence, places) pair of the tuple ``pairs``. */
static int
pairs_of(float *out, Py_ssize_t size, Py_ssize_t width, PyObject *pairs, int masks)
{
    if (!PyTuple_Check(pairs) || PyTuple_GET_SIZE(pairs) % 2) {
        PyErr_SetString(PyExc_TypeError,
                        "rows and numbers are tuples of (sequence, places) pairs, laid flat");
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(pairs); i += 2) {
        PyObject *what = PyTuple_GET_ITEM(pairs, i), *where = PyTuple_GET_ITEM(pairs, i + 1);
        if ((masks ? rows(out, size, width, what, where) : numbers(out, size, what, where)) < 0)
            return -1;
    }
    return 0;
}

static PyObject *
fill(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 6) {
        PyErr_SetString(PyExc_TypeError,
                        "fill(out, width, tail_start, tail, rows, numbers) takes 6 arguments");
        return NULL;
    }
    Py_ssize_t width = PyLong_AsSsize_t(args[1]);
    if (width == -1 && PyErr_Occurred())
        return NULL;
    if (width <= 0) {
        PyErr_SetString(PyExc_ValueError, "the width of a row must be positive");
        return NULL;
    }
    Py_ssize_t tail_start = PyLong_AsSsize_t(args[2]);
    if (tail_start == -1 && PyErr_Occurred())
        return NULL;
    Py_buffer view;
    if (PyObject_GetBuffer(args[0], &view, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0)
        return NULL;
    if (view.itemsize != 4 || view.format == NULL || strcmp(view.format, "f") != 0) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_TypeError, "the vector must hold float32 numbers");
        return NULL;
    }
    float *out = (float *)view.buf;
    Py_ssize_t size = view.len / 4;
    memset(out, 0, (size_t)view.len);
    int status = pairs_of(out, size, width, args[4], 1);
    if (status == 0) {
        Py_buffer tail;
        if (PyObject_GetBuffer(args[3], &tail, PyBUF_SIMPLE) < 0) {
            status = -1;
        } else {
            const unsigned char *bytes = (const unsigned char *)tail.buf;
            for (Py_ssize_t i = 0; i < tail.len && status == 0; i++) {
                unsigned int byte = bytes[i];
                while (byte && status == 0) {
                    int bit = low_bit(byte);
                    byte &= byte - 1;
                    status = place(out, size, tail_start + 8 * i + bit, 1.0f, 0);
                }
            }
            PyBuffer_Release(&tail);
        }
    }
    if (status == 0)
        status = pairs_of(out, size, width, args[5], 0);
    PyBuffer_Release(&view);
    if (status < 0)
        return NULL;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"fill", (PyCFunction)(void (*)(void))fill, METH_FASTCALL,
     "fill(out, width, tail_start, tail, rows, numbers)\n--\n\n"
     "Write an observation vector: 0s, then the set bits of each mask of rows\n"
     "at its place (modulo width, added), the set bits of tail from\n"
     "tail_start, and each number of numbers at its place."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT,
    .m_name = "_scatter",
    .m_doc = "The compiled build's writer of observation vectors.",
    .m_size = -1,
    .m_methods = methods,
};

PyMODINIT_FUNC
PyInit__scatter(void)
{
    return PyModule_Create(&module);
}
