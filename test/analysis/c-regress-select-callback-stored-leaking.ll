; A function address chosen by a select and stored into memory whose
; contents leak (a hooks struct handed to an unknown library) is a callback
; of unknown code, like one stored directly: the library may call either
; choice, on a thread of its own. (It used to count as an address taken
; inside the program: no thread, everything neutral.)
;
;   struct hooks { void (*on_event)(int); };
;   extern void lib_register(struct hooks *); extern void lib_run(void);
;   static long seen; static int verbose; static struct hooks hooks;
;   static void quiet_event(int e) { seen += e; }
;   static void loud_event(int e) { seen += 2 * e; }
;   int main(int argc, char **argv) {
;     verbose = argc > 2;
;     hooks.on_event = verbose ? loud_event : quiet_event;
;     lib_register(&hooks); lib_run(); return seen == 0;
;   }
;
; RUN: %opt -load-pass-plugin=%plugin -cacheline-layout-mode=report -passes='cacheline-layout,verify' -cacheline-layout-report=%t.json -disable-output %s
; RUN: FileCheck %s --input-file=%t.json
; CHECK-DAG: "class":"write-hot",{{.*}}"name":"seen",{{.*}}"reason":"written while threads run: store in {{quiet|loud}}_event (callback of unknown code)"
; CHECK-DAG: "class":"skipped",{{.*}}"name":"hooks",{{.*}}"reason":"address escapes: address passed to unknown function lib_register in main"

target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

%struct.hooks = type { ptr }

@hooks = internal global %struct.hooks zeroinitializer, align 8
@seen = internal unnamed_addr global i64 0, align 8

; Function Attrs: nounwind uwtable
define dso_local i32 @main(i32 noundef %0, ptr nocapture noundef readnone %1) local_unnamed_addr {
  %3 = icmp sgt i32 %0, 2
  %4 = select i1 %3, ptr @loud_event, ptr @quiet_event
  store ptr %4, ptr @hooks, align 8
  tail call void @lib_register(ptr noundef nonnull @hooks)
  tail call void @lib_run()
  %5 = load i64, ptr @seen, align 8
  %6 = icmp eq i64 %5, 0
  %7 = zext i1 %6 to i32
  ret i32 %7
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @loud_event(i32 noundef %0) {
  %2 = shl nsw i32 %0, 1
  %3 = sext i32 %2 to i64
  %4 = load i64, ptr @seen, align 8
  %5 = add nsw i64 %4, %3
  store i64 %5, ptr @seen, align 8
  ret void
}

; Function Attrs: mustprogress nofree norecurse nosync nounwind willreturn memory(readwrite, argmem: none, inaccessiblemem: none) uwtable
define internal void @quiet_event(i32 noundef %0) {
  %2 = sext i32 %0 to i64
  %3 = load i64, ptr @seen, align 8
  %4 = add nsw i64 %3, %2
  store i64 %4, ptr @seen, align 8
  ret void
}

declare void @lib_register(ptr noundef) local_unnamed_addr

declare void @lib_run() local_unnamed_addr



