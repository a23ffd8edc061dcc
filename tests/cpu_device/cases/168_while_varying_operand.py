"""168: a `while` condition whose `and`/`or` operand reads a local the
body assigns is tested on every iteration (the entry value of `n` would
make the loop run forever or stop early)."""
import numpy as np
from harness import Case


def countdown_and_ref(actions):
    actions = actions.copy()
    n, i, ct = 1, 0, 0
    while n > 0 and i < len(actions):
        n -= 1
        while actions[i]:
            if actions[i]:
                if actions[i]:
                    n += 10
                actions[i] -= 1
            else:
                if actions[i]:
                    n += 20
                actions[i] += 1
            ct += n
        ct += n
    return np.array([ct, n], np.int64), actions


def and_expect(a):
    result, actions = countdown_and_ref(a[1])
    return {0: result, 1: actions}


def or_expect(a):
    m = int(a[1])
    n, k, steps = 0, 5, 0
    while n < 0 or k > m:
        k -= 1
        steps += 1
    return {0: np.array([steps, k], np.int64)}


def stable_expect(a):
    return {0: np.array([max(int(a[1]), 0)], np.int64)}


CASES = [
    Case("168_while_varying_operand.py", "countdown_and", grid=(1,), block=(1,),
         args=lambda rng: [np.zeros(2, np.int64), np.array([1, 2], np.int64)], expect=and_expect),
    Case("168_while_varying_operand.py", "countdown_and", grid=(1,), block=(1,),
         args=lambda rng: [np.zeros(2, np.int64), np.array([3, 0, 2], np.int64)], expect=and_expect),
    Case("168_while_varying_operand.py", "countdown_or", grid=(1,), block=(1,),
         args=lambda rng: [np.zeros(2, np.int64), np.int64(-3)], expect=or_expect),
    Case("168_while_varying_operand.py", "stable_operand", grid=(1,), block=(1,),
         args=lambda rng: [np.zeros(1, np.int64), np.int64(7)], expect=stable_expect),
]
