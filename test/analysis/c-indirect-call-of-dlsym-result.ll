; Calls of code the program does not have: a pointer that dlsym returned
; (directly, or through functions of the program that return only what
; such calls return: a VFS's xDlSym) is called as code from elsewhere, not
; as any function of the program of its type. main hands on_event to the
; plugin's init, a pointer that lookup() returns, which returns only what
; dlsym returns or null, of type void (ptr); call_now, a function of
; the program of that type whose address is taken, is not reached by that
; call, and on_event is a callback of unknown code: @events, which on_event
; writes, is write-hot. (Before, the signature fallback sent the call to
; call_now, on_event ran only at start-up and @events was read-mostly.)
;
;   typedef void (*cb_t)(long);
;   static long events;
;   static void on_event(long v) { events += v; }
;   static void call_now(cb_t f) { f(1); }
;   static void (*volatile reg_hook)(cb_t) = call_now;
;   static volatile int dl_disabled;
;   __attribute__((noinline)) static void *lookup(const char *name) {
;     if (dl_disabled) return 0;        // a return of its own, first
;     return dlsym(RTLD_DEFAULT, name); }
;   static void *worker(void *arg) { long n = (long)arg, sum = 0;
;     for (long i = 0; i < n; ++i) sum += events; return (void *)sum; }
;   int main(int argc, char **argv) {
;     void (*plugin_init)(cb_t) = (void (*)(cb_t))lookup("plugin_init");
;     if (plugin_init) plugin_init(on_event);
;     if (argc > 100) reg_hook(0);
;     ... one worker thread, joined; prints its result ... }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='print<cacheline-layout>,verify' -disable-output %s > %t.txt
; RUN: FileCheck %s --input-file=%t.txt

; CHECK-DAG: global events: write-hot: written while threads run: store in on_event (callback of unknown code)
; CHECK-DAG: function on_event: callback of unknown code
; CHECK-DAG: function call_now: called only at start-up

source_filename = "d.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@.str = private unnamed_addr constant [12 x i8] c"plugin_init\00", align 1
@reg_hook = internal global ptr @call_now, align 8
@.str.1 = private unnamed_addr constant [5 x i8] c"%ld\0A\00", align 1
@events = internal unnamed_addr global i64 0, align 8
@dl_disabled = internal global i32 0, align 4

define dso_local noundef i32 @main(i32 noundef %argc, ptr nocapture noundef readnone %argv) local_unnamed_addr {
entry:
  %t = alloca i64, align 8
  %r = alloca ptr, align 8
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %t)
  %call = tail call fastcc ptr @lookup()
  %tobool.not = icmp eq ptr %call, null
  br i1 %tobool.not, label %if.end, label %if.then

if.then:                                          ; preds = %entry
  tail call void %call(ptr noundef nonnull @on_event)
  br label %if.end

if.end:                                           ; preds = %if.then, %entry
  %cmp = icmp sgt i32 %argc, 100
  br i1 %cmp, label %if.then1, label %if.end2

if.then1:                                         ; preds = %if.end
  %0 = load volatile ptr, ptr @reg_hook, align 8
  tail call void %0(ptr noundef null)
  br label %if.end2

if.end2:                                          ; preds = %if.then1, %if.end
  %mul = mul nsw i32 %argc, 100000
  %conv = sext i32 %mul to i64
  %1 = inttoptr i64 %conv to ptr
  %call3 = call i32 @pthread_create(ptr noundef nonnull %t, ptr noundef null, ptr noundef nonnull @worker, ptr noundef %1)
  call void @llvm.lifetime.start.p0(i64 8, ptr nonnull %r)
  %2 = load i64, ptr %t, align 8
  %call4 = call i32 @pthread_join(i64 noundef %2, ptr noundef nonnull %r)
  %3 = load ptr, ptr %r, align 8
  %4 = ptrtoint ptr %3 to i64
  %call5 = call i32 (ptr, ...) @printf(ptr noundef nonnull dereferenceable(1) @.str.1, i64 noundef %4)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %r)
  call void @llvm.lifetime.end.p0(i64 8, ptr nonnull %t)
  ret i32 0
}

declare void @llvm.lifetime.start.p0(i64 immarg, ptr nocapture)

define internal fastcc ptr @lookup() unnamed_addr {
entry:
  %off = load volatile i32, ptr @dl_disabled, align 4
  %disabled = icmp ne i32 %off, 0
  br i1 %disabled, label %none, label %sym

none:
  ret ptr null

sym:
  %call = tail call ptr @dlsym(ptr noundef null, ptr noundef nonnull @.str)
  ret ptr %call
}

define internal void @on_event(i64 noundef %v) {
entry:
  %0 = load i64, ptr @events, align 8
  %add = add nsw i64 %0, %v
  store i64 %add, ptr @events, align 8
  ret void
}

declare i32 @pthread_create(ptr noundef, ptr noundef, ptr noundef, ptr noundef) local_unnamed_addr

define internal ptr @worker(ptr noundef %arg) {
entry:
  %0 = ptrtoint ptr %arg to i64
  %cmp3 = icmp sgt ptr %arg, null
  %1 = load i64, ptr @events, align 8
  %2 = mul i64 %1, %0
  %3 = inttoptr i64 %2 to ptr
  %sum.0.lcssa = select i1 %cmp3, ptr %3, ptr null
  ret ptr %sum.0.lcssa
}

declare i32 @pthread_join(i64 noundef, ptr noundef) local_unnamed_addr

declare noundef i32 @printf(ptr nocapture noundef readonly, ...) local_unnamed_addr

declare void @llvm.lifetime.end.p0(i64 immarg, ptr nocapture)

declare ptr @dlsym(ptr noundef, ptr noundef) local_unnamed_addr

define internal void @call_now(ptr nocapture noundef readonly %f) {
entry:
  tail call void %f(i64 noundef 1)
  ret void
}
