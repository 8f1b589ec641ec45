; Regression (was a bug): ThreadContext::scanFunctionAddresses treats a function address that
; is stored to memory as AddressTaken ("its callers are the module's
; indirect calls of a matching type") without asking whether that memory
; is reachable by unknown code. main stores set_level into @ops.fn and then
; passes &ops to the unknown external register_ops, which may call
; ops.fn at any time on any thread. The only indirect call of the module
; with set_level's type is in apply, called before pthread_create, so
; computeStartUpOnly makes set_level start-up code and @level is reported
; read-mostly. (PointerWalker does see that @ops escapes; ThreadContext
; does not use that.) Same family as c-bug-table-passed-to-unknown.ll, but a
; fix that only checks the uses of an initializer's owner does not cover it.
;
; Rule 7 allows start-up inference only through function pointers "that
; stay in the module". set_level is a callback of unknown code (as in
; c-callback-to-unknown.ll), so its store runs at run time in a hot
; function: @level is write-hot.
;
;   struct ops { void (*fn)(int); };
;   static struct ops ops; static int level;
;   static void set_level(int v) { level = v; }
;   static void apply(struct ops *o, int v) { o->fn(v); }
;   extern void register_ops(struct ops *);
;   static void *worker(void *a) { long n = 0; for (int i = 0; i < 1000; ++i) n += level; return (void *)n; }
;   int main(int argc, char **argv) { pthread_t t; ops.fn = set_level; apply(&ops, argc); register_ops(&ops);
;     pthread_create(&t, 0, worker, 0); pthread_join(t, 0); }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json

; CHECK: "class":"write-hot","name":"level","reads":1,"reason":"written while threads run: store in set_level

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-unknown-linux-gnu"

@ops = internal global ptr null, align 8
@level = internal global i32 0, align 4

define internal void @set_level(i32 %v) {
entry:
  store i32 %v, ptr @level, align 4
  ret void
}

define internal void @apply(ptr %o, i32 %v) noinline {
entry:
  %fn = load ptr, ptr %o, align 8
  call void %fn(i32 %v)
  ret void
}

define internal ptr @worker(ptr %arg) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %n = phi i64 [ 0, %entry ], [ %n.next, %loop ]
  %v = load i32, ptr @level, align 4
  %v64 = sext i32 %v to i64
  %n.next = add i64 %n, %v64
  %i.next = add nuw nsw i32 %i, 1
  %done = icmp eq i32 %i.next, 1000
  br i1 %done, label %exit, label %loop

exit:
  %r = inttoptr i64 %n.next to ptr
  ret ptr %r
}

define i32 @main(i32 %argc, ptr %argv) {
entry:
  %t = alloca i64, align 8
  store ptr @set_level, ptr @ops, align 8
  call void @apply(ptr @ops, i32 %argc)
  call void @register_ops(ptr @ops)
  %c = call i32 @pthread_create(ptr %t, ptr null, ptr @worker, ptr null)
  %tid = load i64, ptr %t, align 8
  %j = call i32 @pthread_join(i64 %tid, ptr null)
  ret i32 0
}

declare void @register_ops(ptr)
declare i32 @pthread_create(ptr, ptr, ptr, ptr)
declare i32 @pthread_join(i64, ptr)
