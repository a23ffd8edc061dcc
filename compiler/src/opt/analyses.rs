//! Control-flow analyses kept across the passes of a pipeline.
//!
//! Most passes need the CFG, many its reverse post-order, dominator tree or
//! natural loops, and few change it: only `constfold` (a `brif` on a
//! constant becomes a `jump`), `simplify_cfg`, and `licm` and `strength`
//! when they create a preheader. [`Analyses`] holds what was computed for
//! one function until a pass that changed the CFG drops it, so the passes in
//! between share one computation. A pass run on its own (its `run`) starts
//! from an empty one.
//!
//! The cached analyses are exactly what a fresh computation would give: the
//! CFG depends only on the laid-out blocks, in order, and their terminators'
//! destinations; reverse post-order, dominators and loops only on the CFG
//! and the entry block. Passes that leave all of those alone keep the
//! analyses (debug builds check this after every pass). The loops are the
//! exception that passes take out and give back: `licm` and `strength` add
//! a new preheader to the enclosing loops as they go.

use super::util::{find_loops, has_retreating_edge, Loops};
use crate::ir::{Block, ControlFlowGraph, DfsScratch, DominatorTree, Function};
use crate::pool::Pool;

/// How many recycled [`Analyses`] an [`AnalysesPool`] keeps (modules
/// rarely have more functions before the math library is added).
const POOL_MAX_LEN: usize = 8;

/// The largest function, in blocks, whose buffers are worth keeping.
const POOL_MAX_BLOCKS: usize = 4096;

/// Recycled analyses with their buffers, owned by the caller (see
/// [`Analyses::pooled`] and `crate::pool`).
pub struct AnalysesPool(Pool<Analyses>);

impl Default for AnalysesPool {
    fn default() -> Self {
        AnalysesPool(Pool::new(POOL_MAX_LEN))
    }
}

/// The CFG, reverse post-order, dominator tree and natural loops of one
/// function, each computed on first use and kept until
/// [`Analyses::invalidate`].
///
/// Each analysis keeps its storage when invalidated and is recomputed into
/// it: the pipeline recomputes them a few times per function, and fresh
/// tables each time cost more in allocation than in computation.
#[derive(Default)]
pub struct Analyses {
    cfg: ControlFlowGraph,
    rpo: Vec<Block>,
    dt: DominatorTree,
    /// Which of `cfg`, `rpo` and `dt` hold for the function as it is.
    valid: Valid,
    /// The natural loops, while no pass has taken them.
    loops: Option<Loops>,
    /// The work lists of the reverse post-order's search.
    dfs: DfsScratch,
    /// The passes' buffers.
    pub(crate) scratch: Scratch,
}

/// Buffers that passes need for each run, kept from run to run so that
/// each is allocated once per function rather than once per pass run
/// (a pass takes its own out with `std::mem::take`, clears it, and puts it
/// back). They hold nothing between runs that a pass may rely on.
#[derive(Default)]
pub(crate) struct Scratch {
    pub(crate) gvn: super::gvn::Numbering,
    pub(crate) dce: super::dce::Marks,
    pub(crate) simplify_cfg: super::simplify_cfg::Buffers,
    pub(crate) copyprop: super::copyprop::Buffers,
}

/// Which analyses hold (a later one only when the earlier ones do).
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Valid {
    #[default]
    Nothing,
    Cfg,
    CfgRpo,
    CfgRpoDt,
}

impl Analyses {
    /// No analysis computed yet.
    pub fn new() -> Self {
        Analyses::default()
    }

    /// An empty `Analyses` whose buffers come from `pool` when it holds
    /// some (see [`Analyses::recycle`]): the pipeline's tables and work
    /// lists are then allocated once per context rather than once per
    /// function, as a Cranelift `Context` reused across functions keeps
    /// its buffers.
    pub fn pooled(pool: &mut AnalysesPool) -> Self {
        let mut analyses = pool.0.take().unwrap_or_default();
        analyses.invalidate();
        analyses
    }

    /// Gives the buffers back to `pool` for the next
    /// [`Analyses::pooled`]. The pool keeps a few, and only buffers of
    /// moderate size, so a huge function does not pin its memory.
    pub fn recycle(mut self, pool: &mut AnalysesPool) {
        if self.footprint() > POOL_MAX_BLOCKS {
            return;
        }
        self.invalidate();
        pool.0.give(self);
    }

    /// A measure of the buffers' size: the most blocks they were sized for.
    fn footprint(&self) -> usize {
        self.rpo.capacity()
    }

    /// Forgets everything: the pass changed the CFG.
    pub fn invalidate(&mut self) {
        self.valid = Valid::Nothing;
        self.loops = None;
    }

    /// Recomputes the CFG and reverse post-order of `func` (which a pass
    /// changed), dropping the rest, and returns them.
    pub(crate) fn recompute_cfg_rpo(&mut self, func: &Function) -> (&ControlFlowGraph, &[Block]) {
        self.invalidate();
        self.cfg_rpo(func)
    }

    /// The CFG.
    pub(crate) fn cfg(&mut self, func: &Function) -> &ControlFlowGraph {
        if self.valid < Valid::Cfg {
            self.cfg.recompute(func);
            self.valid = Valid::Cfg;
        }
        &self.cfg
    }

    /// The CFG and the reachable blocks in reverse post-order.
    pub(crate) fn cfg_rpo(&mut self, func: &Function) -> (&ControlFlowGraph, &[Block]) {
        self.cfg(func);
        if self.valid < Valid::CfgRpo {
            self.cfg
                .reverse_post_order_into(func, &mut self.rpo, &mut self.dfs);
            self.valid = Valid::CfgRpo;
        }
        (&self.cfg, &self.rpo)
    }

    /// The CFG and the dominator tree.
    pub(crate) fn cfg_dt(&mut self, func: &Function) -> (&ControlFlowGraph, &DominatorTree) {
        self.cfg_rpo(func);
        if self.valid < Valid::CfgRpoDt {
            self.dt.recompute(func, &self.cfg, &self.rpo);
            self.valid = Valid::CfgRpoDt;
        }
        (&self.cfg, &self.dt)
    }

    /// The natural loops ([`find_loops`]), taken out for a pass to work on
    /// (it gives them back with [`Analyses::keep_loops`] when they still
    /// hold). A function without a retreating edge has none, found without
    /// a dominator tree.
    pub(crate) fn take_loops(&mut self, func: &Function) -> Loops {
        if let Some(loops) = self.loops.take() {
            return loops;
        }
        let (cfg, rpo) = self.cfg_rpo(func);
        if !has_retreating_edge(func, cfg, rpo) {
            return Loops::default();
        }
        let (cfg, dt) = self.cfg_dt(func);
        find_loops(cfg, dt)
    }

    /// Keeps `loops`, taken with [`Analyses::take_loops`] and still the
    /// natural loops of the function.
    pub(crate) fn keep_loops(&mut self, loops: Loops) {
        self.loops = Some(loops);
    }

    /// Panics unless every kept analysis equals a fresh computation (run
    /// by the pipeline after each pass in debug builds).
    pub(crate) fn check(&self, func: &Function, pass: &str) {
        if self.valid == Valid::Nothing {
            assert!(self.loops.is_none(), "{pass} kept loops without a CFG");
            return;
        }
        let fresh = ControlFlowGraph::compute(func);
        assert!(self.cfg == fresh, "{pass} kept a stale CFG");
        let fresh_rpo = fresh.reverse_post_order(func);
        if self.valid >= Valid::CfgRpo {
            assert!(
                self.rpo == fresh_rpo,
                "{pass} kept a stale reverse post-order"
            );
        }
        let fresh_dt = DominatorTree::with_rpo(func, &fresh, fresh_rpo);
        if self.valid >= Valid::CfgRpoDt {
            assert!(self.dt == fresh_dt, "{pass} kept a stale dominator tree");
        }
        if let Some(loops) = &self.loops {
            assert!(
                *loops == find_loops(&fresh, &fresh_dt),
                "{pass} kept stale loops"
            );
        }
    }
}
