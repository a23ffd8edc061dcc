"""Prototypes of libkernelc's device-side functions (filled in as the C
API's device side lands)."""


def declare(lib):
    pass
