async def k(a):
    await a
