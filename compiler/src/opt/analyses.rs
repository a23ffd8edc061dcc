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

use super::util::{find_loops, has_retreating_edge, Loop};
use crate::ir::{Block, ControlFlowGraph, DominatorTree, Function};

/// The CFG, reverse post-order, dominator tree and natural loops of one
/// function, each computed on first use and kept until
/// [`Analyses::invalidate`].
#[derive(Default)]
pub struct Analyses {
    cfg: Option<ControlFlowGraph>,
    /// Reverse post-order, while no dominator tree holds it.
    rpo: Option<Vec<Block>>,
    dt: Option<DominatorTree>,
    /// The natural loops, while no pass has taken them.
    loops: Option<Vec<Loop>>,
}

impl Analyses {
    /// No analysis computed yet.
    pub fn new() -> Self {
        Analyses::default()
    }

    /// Forgets everything: the pass changed the CFG.
    pub fn invalidate(&mut self) {
        *self = Analyses::default();
    }

    /// Keeps `cfg` and `rpo`, the current CFG of the function and its
    /// reverse post-order, dropping the rest.
    pub(crate) fn set_cfg_rpo(&mut self, cfg: ControlFlowGraph, rpo: Vec<Block>) {
        *self = Analyses {
            cfg: Some(cfg),
            rpo: Some(rpo),
            ..Analyses::default()
        };
    }

    /// The CFG.
    pub(crate) fn cfg(&mut self, func: &Function) -> &ControlFlowGraph {
        self.cfg
            .get_or_insert_with(|| ControlFlowGraph::compute(func))
    }

    /// The CFG and the reachable blocks in reverse post-order.
    pub(crate) fn cfg_rpo(&mut self, func: &Function) -> (&ControlFlowGraph, &[Block]) {
        let cfg = self
            .cfg
            .get_or_insert_with(|| ControlFlowGraph::compute(func));
        if self.dt.is_none() && self.rpo.is_none() {
            self.rpo = Some(cfg.reverse_post_order(func));
        }
        let rpo = match (&self.dt, &self.rpo) {
            (Some(dt), _) => dt.rpo(),
            (None, Some(rpo)) => rpo,
            (None, None) => unreachable!("computed above"),
        };
        (cfg, rpo)
    }

    /// The CFG and the dominator tree.
    pub(crate) fn cfg_dt(&mut self, func: &Function) -> (&ControlFlowGraph, &DominatorTree) {
        let cfg = self
            .cfg
            .get_or_insert_with(|| ControlFlowGraph::compute(func));
        if self.dt.is_none() {
            let rpo = self
                .rpo
                .take()
                .unwrap_or_else(|| cfg.reverse_post_order(func));
            self.dt = Some(DominatorTree::with_rpo(func, cfg, rpo));
        }
        (cfg, self.dt.as_ref().expect("computed above"))
    }

    /// The natural loops ([`find_loops`]), taken out for a pass to work on
    /// (it gives them back with [`Analyses::keep_loops`] when they still
    /// hold). A function without a retreating edge has none, found without
    /// a dominator tree.
    pub(crate) fn take_loops(&mut self, func: &Function) -> Vec<Loop> {
        if let Some(loops) = self.loops.take() {
            return loops;
        }
        let (cfg, rpo) = self.cfg_rpo(func);
        if !has_retreating_edge(func, cfg, rpo) {
            return Vec::new();
        }
        let (cfg, dt) = self.cfg_dt(func);
        find_loops(cfg, dt)
    }

    /// Keeps `loops`, taken with [`Analyses::take_loops`] and still the
    /// natural loops of the function.
    pub(crate) fn keep_loops(&mut self, loops: Vec<Loop>) {
        self.loops = Some(loops);
    }

    /// Panics unless every kept analysis equals a fresh computation (run
    /// by the pipeline after each pass in debug builds).
    pub(crate) fn check(&self, func: &Function, pass: &str) {
        let Some(cfg) = &self.cfg else {
            return;
        };
        let fresh = ControlFlowGraph::compute(func);
        assert!(*cfg == fresh, "{pass} kept a stale CFG");
        if let Some(rpo) = &self.rpo {
            assert!(
                *rpo == fresh.reverse_post_order(func),
                "{pass} kept a stale reverse post-order"
            );
        }
        let fresh_dt = DominatorTree::compute(func, &fresh);
        if let Some(dt) = &self.dt {
            assert!(*dt == fresh_dt, "{pass} kept a stale dominator tree");
        }
        if let Some(loops) = &self.loops {
            assert!(
                *loops == find_loops(&fresh, &fresh_dt),
                "{pass} kept stale loops"
            );
        }
    }
}
