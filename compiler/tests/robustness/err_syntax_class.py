class K:
    pass
